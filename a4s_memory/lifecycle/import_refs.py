"""Every record of an import must resolve inside the importing agent's own spaces.

Many reads find an element, its ledger entry or its item versions by id alone (``uuid``,
``memory_id``, ``item_id``), so a file that reuses another agent's ids, or points an edge, a
mention, a ledger entry or a version at them, would reach that agent. Before anything is written:

* every element (episode, entity, fact, mention, item) has an id, names one of the target spaces
  and is the only record with that id; the import then checks inside its write transaction that
  none of these ids exists anywhere in the database yet (ids are kept, never re-minted, so a
  restored backup keeps its memory ids);
* every *single* reference resolves to an element of the file of the right kind in the same space:
  mention and fact endpoints, a ledger entry's element, a version's item and episode, an item's
  current episode; otherwise the whole import is refused (``InvalidRequest``, nothing written);
* reference *lists* (an episode's ``entity_edges``, a fact's supporting ``episodes``) keep only
  entries that resolve that way: Graphiti leaves stale entries in them, and dropping those
  changes nothing a search returns;
* a ledger entry of an episode that never committed (an ingestion still in flight at export
  time) and whose episode is not in the file is left out: it would never become visible;
* an item's id is its derived id (space, category, key) and a version names the target agent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from a4s_memory.errors import InvalidRequest
from a4s_memory.store.versions import item_id

__all__ = ["ResolvedImport", "resolve_references"]

Record = dict[str, Any]
# Which property holds the id of each kind of element.
_ID_FIELD: Final = {
    "episode": "uuid",
    "entity": "uuid",
    "edge": "uuid",
    "mention": "uuid",
    "item": "item_id",
}
_LEDGER_KINDS: Final = frozenset({"episode", "entity", "edge"})


class _Index:
    """id -> (kind, group) of every element record of the file."""

    def __init__(self, records: list[Record], groups: set[str]) -> None:
        self.owner: dict[str, tuple[str, str]] = {}
        for record in records:
            kind = str(record.get("type"))
            field = _ID_FIELD.get(kind)
            if field is None:
                continue
            props = record.get("props") or {}
            ident, group = props.get(field), props.get("group_id")
            if not isinstance(ident, str) or not ident:
                raise InvalidRequest(f"a {kind} record has no {field}")
            if group not in groups:
                raise InvalidRequest("every record must name one of the agent's own spaces")
            if ident in self.owner:
                raise InvalidRequest("two records of the import carry the same id")
            self.owner[ident] = (kind, str(group))

    def resolves(self, ident: object, kind: str, group: object) -> bool:
        return isinstance(ident, str) and self.owner.get(ident) == (kind, group)

    def require(self, ident: object, kind: str, group: object, what: str) -> None:
        if not self.resolves(ident, kind, group):
            raise InvalidRequest(f"{what} does not resolve to a {kind} of the import in its space")

    def keep(self, values: object, kind: str, group: object) -> list[Any]:
        if not isinstance(values, list):
            return []  # not a list (a crafted string would iterate as characters)
        return [v for v in values if self.resolves(v, kind, group)]


class ResolvedImport:
    """The records to write (references checked, stale list entries dropped) and the ids they
    create, none of which may exist in the database yet."""

    def __init__(self, records: list[Record], ids: list[str]) -> None:
        self.records = records
        self.ids = ids


def _episode(r: Record, idx: _Index, _agent: str) -> Record | None:
    props = r["props"]
    if "entity_edges" in props:
        r = {
            **r,
            "props": {
                **props,
                "entity_edges": idx.keep(props["entity_edges"], "edge", props["group_id"]),
            },
        }
    return r


def _mention(r: Record, idx: _Index, _agent: str) -> Record | None:
    group = r["props"]["group_id"]
    idx.require(r.get("source"), "episode", group, "a mention's episode")
    idx.require(r.get("target"), "entity", group, "a mention's entity")
    return r


def _edge(r: Record, idx: _Index, _agent: str) -> Record | None:
    props = r["props"]
    group = props["group_id"]
    for end, field in (("source", "source_node_uuid"), ("target", "target_node_uuid")):
        idx.require(r.get(end), "entity", group, f"a fact's {end}")
        if props.get(field, r[end]) != r[end]:
            raise InvalidRequest(f"a fact's {field} disagrees with its {end}")
    if "episodes" in props:
        props = {**props, "episodes": idx.keep(props["episodes"], "episode", group)}
    return {**r, "props": props}


def _ledger(r: Record, idx: _Index, _agent: str) -> Record | None:
    props = r.get("props") or {}
    kind, group = props.get("kind"), props.get("group_id")
    if kind not in _LEDGER_KINDS:
        raise InvalidRequest("a ledger record names an unknown kind of element")
    if idx.resolves(props.get("uuid"), str(kind), group):
        return r
    if (
        kind == "episode"
        and props.get("state") != "committed"
        and props.get("uuid") not in idx.owner
    ):
        return None  # an ingestion that never committed: nothing to restore
    raise InvalidRequest(f"a ledger record does not resolve to a {kind} of the import in its space")


def _item(r: Record, idx: _Index, _agent: str) -> Record | None:
    props = r["props"]
    group = props["group_id"]
    category, key = props.get("category"), props.get("key")
    if not isinstance(category, str) or not isinstance(key, str):
        raise InvalidRequest("an item record needs a category and a key")
    if props["item_id"] != item_id(group, category, key):
        raise InvalidRequest("an item record's id is not the id of its space, category and key")
    if props.get("current_memory_id") is not None:
        idx.require(props["current_memory_id"], "episode", group, "an item's current memory")
    return r


def _version(r: Record, idx: _Index, agent: str) -> Record | None:
    props = r.get("props") or {}
    group = props.get("group_id")
    idx.require(props.get("item_id"), "item", group, "a version's item")
    idx.require(props.get("memory_id"), "episode", group, "a version's memory")
    if props.get("agent_id") != agent:
        raise InvalidRequest("a version record names another agent")
    return r


def _entity(r: Record, _idx: _Index, _agent: str) -> Record | None:
    return r  # labels and text: import_screen; its id: _Index


_RESOLVE: Final[Mapping[str, Callable[[Record, _Index, str], Record | None]]] = {
    "episode": _episode,
    "entity": _entity,
    "mention": _mention,
    "edge": _edge,
    "ledger": _ledger,
    "item": _item,
    "version": _version,
}


def resolve_references(records: list[Record], groups: list[str], agent_id: str) -> ResolvedImport:
    """Check (and trim) every reference of ``records``; raise InvalidRequest on the first that
    would leave the target agent's spaces. Header and signature records pass through."""
    idx = _Index(records, set(groups))
    out: list[Record] = []
    ledger: set[str] = set()
    versions: set[tuple[str, str]] = set()
    for record in records:
        resolve = _RESOLVE.get(str(record.get("type")))
        if resolve is None:
            out.append(record)  # header / signature; unknown types are refused by import_records
            continue
        fixed = resolve(record, idx, agent_id)
        if fixed is None:
            continue
        props = fixed.get("props") or {}
        if fixed["type"] == "ledger":
            if props["uuid"] in ledger:
                raise InvalidRequest("two ledger records name the same element")
            ledger.add(props["uuid"])
        elif fixed["type"] == "version":
            position = (str(props["item_id"]), str(props.get("version")))
            if position in versions:
                raise InvalidRequest("two version records hold the same item version")
            versions.add(position)
        out.append(fixed)
    return ResolvedImport(out, sorted(idx.owner))
