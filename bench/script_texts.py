"""Texts in scripts other than Latin for the latency bench (bench/firewall_bench.py): the mixed
corpora it draws from are mostly Latin-script, which hid a cost only texts in other scripts
paid (docs/firewall.md "A letter beyond ASCII is its own byte": a 10 KB Russian text cost 8.5
ms before the twentieth session, 2.4 after). Ordinary owner notes written for the bench, a few
sentences per script, drawn in random order to the size asked.
"""

from __future__ import annotations

import random
from typing import Final

__all__ = ["SCRIPTS", "script_texts"]

SCRIPTS: Final[dict[str, tuple[str, ...]]] = {
    "cyrillic": (
        "Вчера я поменял пароль от почты и забыл старый.",
        "Потом мы пошли в парк, где дети играли в пиратов.",
        "Взрослые обсуждали погоду и новые правила парковки.",
        "В субботу нужно забрать посылку на почте до обеда.",
        "Мама просила напомнить ей про приём у врача в четверг.",
        "Рецепт борща лежит в синей папке на кухне.",
    ),
    "cjk": (
        "昨天我修改了邮箱的密码，然后忘记了旧的。",
        "我们去了公园，孩子们在玩海盗游戏。",
        "大人们在讨论天气和新的停车规则。",
        "星期六上午要去邮局取包裹。",
        "妈妈让我提醒她星期四去看医生。",
        "红烧肉的做法写在厨房的蓝色文件夹里。",
    ),
    "arabic": (
        "غيرت أمس كلمة المرور للبريد ونسيت القديمة.",
        "ثم ذهبنا إلى الحديقة حيث كان الأطفال يلعبون دور القراصنة.",
        "كان الكبار يتحدثون عن الطقس وقواعد الوقوف الجديدة.",
        "يجب أن أستلم الطرد من مكتب البريد يوم السبت قبل الظهر.",
        "طلبت أمي أن أذكرها بموعد الطبيب يوم الخميس.",
        "وصفة الكبسة في الملف الأزرق في المطبخ.",
    ),
    "devanagari": (
        "कल मैंने ईमेल का पासवर्ड बदला और पुराना भूल गया।",
        "फिर हम पार्क गए, जहाँ बच्चे समुद्री डाकू बनकर खेल रहे थे।",
        "बड़े लोग मौसम और पार्किंग के नए नियमों की बात कर रहे थे।",
        "शनिवार को दोपहर से पहले डाकघर से पार्सल लेना है।",
        "माँ ने गुरुवार को डॉक्टर की याद दिलाने को कहा।",
        "दाल मखनी की विधि रसोई की नीली फ़ाइल में है।",
    ),
}


def script_texts(script: str, size: int, count: int, rng: random.Random) -> list[str]:
    """``count`` texts of about ``size`` characters, sentences of ``script`` in random order."""
    sentences = SCRIPTS[script]
    out: list[str] = []
    for _ in range(count):
        parts: list[str] = []
        length = 0
        while length < size:
            piece = rng.choice(sentences)
            parts.append(piece)
            length += len(piece) + 1
        out.append(" ".join(parts)[:size])
    return out
