/* The firewall's per-character passes in C: the learned layer's n-gram pass (learned.py), and
 * three table look-ups over a text's code points (the Hyperscan proxy bytes, hsfilter.proxy; the
 * separator-free runs, triggers.long_runs; Latin letters in other forms as plain ones, letterforms.plain_letters). Each has a Python reference that the unit tests hold
 * it to, and that runs when this module is not built.
 *
 * The n-gram pass:
 *
 * Computes exactly what learned.grams + learned.first_occurrences + InjectionModel.score compute
 * with numpy, in one pass and without ~40 numpy calls (their fixed cost was most of a 2 KB
 * score): the character 3-, 4- and 5-grams and the word unigrams and bigrams of the padded
 * normalised text, hashed and bucketed the same way, each distinct bucket counted once at its
 * first occurrence, and the best of the whole text and every window. learned.py keeps the numpy
 * code as the reference and as the fallback when this module is not built; the unit tests check
 * that both give the same buckets and scores.
 *
 * Bounds: the text is at most MAX_CHARS code points (learned.normalise cuts at 20,000; lower()
 * may lengthen it), the hash space at most 2**24 buckets. Every array is sized from those before
 * it is written. The GIL is released while the text is scored (the caller's copy of the code
 * points and the weights buffer stay alive and unchanged meanwhile).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define P 1000003ULL
#define MIX 0x9E3779B97F4A7C15ULL
#define SALT_C3 0x1F3D5B79ULL
#define SALT_C4 0x2E4C6A88ULL
#define SALT_C5 0x3A5B7C9DULL
#define SALT_W1 0x4B6D8FA1ULL
#define SALT_W2 0x5C7E90B2ULL
#define MAX_CHARS 100000
#define MAX_BITS 24

static inline uint64_t bucket_of(uint64_t h, uint64_t salt, int bits) {
    h ^= salt;
    h ^= h >> 29;
    h *= MIX;
    return h >> (64 - bits);
}

/* What one pass over a text's n-grams keeps: the distinct buckets seen, and per distinct bucket
 * its weight (when `weights` is set) added to the start offset of its first occurrence, and/or
 * the bucket and that offset in order (when `new_buckets` is set). */
typedef struct {
    const float *weights;      /* NULL: nothing summed */
    uint64_t *seen;            /* bitset of the buckets seen, 2**bits bits */
    int bits;
    Py_ssize_t count;          /* distinct buckets so far */
    double total;              /* sum of their weights */
    double *sum_at;            /* per start offset: weights of the n-grams first seen there */
    int32_t *count_at;         /* per start offset: how many */
    uint64_t *new_buckets;     /* NULL: nothing recorded; else each new bucket, in order */
    Py_ssize_t *new_at;        /* ... and the offset of its first occurrence */
} Acc;

/* One n-gram occurrence at offset `at` (in the normalised text): counted if its bucket is new. */
static inline void add(Acc *acc, uint64_t h, uint64_t salt, Py_ssize_t at) {
    uint64_t b = bucket_of(h, salt, acc->bits);
    uint64_t bit = 1ULL << (b & 63);
    uint64_t *word = &acc->seen[b >> 6];
    if (*word & bit) {
        return;
    }
    *word |= bit;
    if (acc->new_buckets != NULL) {
        acc->new_buckets[acc->count] = b;
        acc->new_at[acc->count] = at;
    }
    if (acc->weights != NULL) {
        double w = (double)acc->weights[b];
        acc->total += w;
        acc->sum_at[at] += w;
        acc->count_at[at] += 1;
    }
    acc->count += 1;
}

/* The next word (maximal run of non-blank codes) at or after *i: 1 with its start and hash, *i
 * one past its end; 0 when there is none. */
static int next_word(const uint32_t *codes, const unsigned char *blank, Py_ssize_t n,
                     Py_ssize_t *i, Py_ssize_t *start, uint64_t *h) {
    while (*i < n && blank[*i]) {
        (*i)++;
    }
    if (*i >= n) {
        return 0;
    }
    *start = *i;
    *h = 0;
    while (*i < n && !blank[*i]) {
        *h = *h * P + (uint64_t)codes[*i];
        (*i)++;
    }
    return 1;
}

/* The n-grams of the padded text `codes` (n codes: a blank, the normalised text, a blank), in
 * learned.grams's order: character 3-, 4-, 5-grams, words, word pairs. `blank[i]`: codes[i] is
 * not a letter or digit. Offsets are in the normalised text (padded index - 1 for words; the
 * padded index for character n-grams, as learned.grams records them). At most 5 n per text. */
static void add_grams(Acc *acc, const uint32_t *codes, const unsigned char *blank, Py_ssize_t n) {
    static const uint64_t salts[3] = {SALT_C3, SALT_C4, SALT_C5};
    for (int len = 3; len <= 5; len++) {
        for (Py_ssize_t i = 0; i + len <= n; i++) {
            uint64_t h = 0;
            for (int k = 0; k < len; k++) {
                h = h * P + (uint64_t)codes[i + k];
            }
            add(acc, h, salts[len - 3], i);
        }
    }
    Py_ssize_t i = 0, start = 0, prev_start = -1;
    uint64_t h = 0, prev = 0;
    while (next_word(codes, blank, n, &i, &start, &h)) { /* unigrams first, then the pairs */
        add(acc, h, SALT_W1, start - 1);
    }
    i = 0;
    while (next_word(codes, blank, n, &i, &start, &h)) {
        if (prev_start >= 0) {
            add(acc, prev * P + (h << 32), SALT_W2, prev_start - 1);
        }
        prev = h;
        prev_start = start;
    }
}

/* The padded code points of `text` and where words are cut (Py_UNICODE_ISALNUM is what
 * str.isalnum tests per character), in new arrays of length + 2; -1 without memory. */
static int pad(PyObject *text, Py_ssize_t length, uint32_t **codes, unsigned char **blank) {
    Py_ssize_t n = length + 2;
    *codes = malloc(sizeof(uint32_t) * (size_t)n);
    *blank = malloc((size_t)n);
    if (*codes == NULL || *blank == NULL) {
        return -1;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    (*codes)[0] = ' ';
    (*blank)[0] = 1;
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 ch = PyUnicode_READ(kind, data, i);
        (*codes)[i + 1] = (uint32_t)ch;
        (*blank)[i + 1] = !Py_UNICODE_ISALNUM(ch);
    }
    (*codes)[n - 1] = ' ';
    (*blank)[n - 1] = 1;
    return 0;
}

/* The best `sum / sqrt(count)` over the windows [s, s + window) (s = 0, stride, 2 stride, ...,
 * and length - window), each with at least min_grams n-grams; -inf when none, NaN without
 * memory. */
static double best_window(const Acc *acc, Py_ssize_t length, Py_ssize_t window,
                          Py_ssize_t stride, Py_ssize_t min_grams) {
    double best = -INFINITY;
    if (length <= window) {
        return best;
    }
    /* prefix sums over the offsets 0..length (an n-gram starts at most at length - 1) */
    Py_ssize_t size = length + 1;
    double *total = malloc(sizeof(double) * (size_t)(size + 1));
    int64_t *count = malloc(sizeof(int64_t) * (size_t)(size + 1));
    if (total == NULL || count == NULL) {
        free(total);
        free(count);
        return NAN;
    }
    total[0] = 0.0;
    count[0] = 0;
    for (Py_ssize_t j = 0; j < size; j++) {
        total[j + 1] = total[j] + acc->sum_at[j];
        count[j + 1] = count[j] + acc->count_at[j];
    }
    Py_ssize_t last = length - window;
    for (Py_ssize_t s = 0;; s += stride) {
        if (s > last) {
            s = last; /* the last window, when the strides did not land on it */
        }
        int64_t n = count[s + window] - count[s];
        if (n >= min_grams) {
            double v = (total[s + window] - total[s]) / sqrt((double)n);
            if (v > best) {
                best = v;
            }
        }
        if (s == last) {
            break;
        }
    }
    free(total);
    free(count);
    return best;
}

static int check_bits(int bits, Py_ssize_t length) {
    if (bits < 7 || bits > MAX_BITS) {
        PyErr_SetString(PyExc_ValueError, "bad model shape: hash bits out of range");
        return -1;
    }
    if (length > MAX_CHARS) {
        PyErr_SetString(PyExc_ValueError, "text too long");
        return -1;
    }
    return 0;
}

/* best_logit(norm, weights, bits, window, stride, min_grams) -> float | None
 * The model's logit without its bias: the best of the whole text and its windows. None when the
 * text has no n-gram. */
static PyObject *best_logit(PyObject *self, PyObject *args) {
    PyObject *text;
    Py_buffer weights;
    int bits;
    Py_ssize_t window, stride, min_grams;
    if (!PyArg_ParseTuple(args, "Uy*innn", &text, &weights, &bits, &window, &stride,
                          &min_grams)) {
        return NULL;
    }
    PyObject *result = NULL;
    uint32_t *codes = NULL;
    unsigned char *blank = NULL;
    Acc acc = {0};
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    if (check_bits(bits, length) < 0) {
        goto done;
    }
    if (window <= 0 || stride <= 0 || min_grams < 0) {
        PyErr_SetString(PyExc_ValueError, "bad model shape: window, stride or minimum");
        goto done;
    }
    if (weights.len != (Py_ssize_t)sizeof(float) << bits) {
        PyErr_SetString(PyExc_ValueError, "weights do not match the hash size");
        goto done;
    }
    Py_ssize_t n = length + 2;
    acc.seen = calloc((size_t)1 << (bits - 6), sizeof(uint64_t));
    acc.sum_at = calloc((size_t)n, sizeof(double));
    acc.count_at = calloc((size_t)n, sizeof(int32_t));
    if (pad(text, length, &codes, &blank) < 0 || acc.seen == NULL || acc.sum_at == NULL ||
        acc.count_at == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    acc.weights = (const float *)weights.buf;
    acc.bits = bits;
    double best = 0.0;
    Py_BEGIN_ALLOW_THREADS
    add_grams(&acc, codes, blank, n);
    if (acc.count > 0) {
        best = acc.total / sqrt((double)acc.count);
        double win = best_window(&acc, length, window, stride, min_grams);
        if (isnan(win)) {
            best = NAN;
        } else if (win > best) {
            best = win;
        }
    }
    Py_END_ALLOW_THREADS
    if (acc.count == 0) {
        result = Py_NewRef(Py_None);
    } else if (isnan(best)) {
        PyErr_NoMemory();
    } else {
        result = PyFloat_FromDouble(best);
    }
done:
    free(codes);
    free(blank);
    free(acc.seen);
    free(acc.sum_at);
    free(acc.count_at);
    PyBuffer_Release(&weights);
    return result;
}

/* distinct(norm, bits) -> (buckets, offsets): the distinct buckets in order of first occurrence
 * and the offset of each one's first occurrence, as lists (for the tests' comparison with the
 * numpy reference; not on the scoring path). */
static PyObject *distinct(PyObject *self, PyObject *args) {
    PyObject *text;
    int bits;
    if (!PyArg_ParseTuple(args, "Ui", &text, &bits)) {
        return NULL;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    if (check_bits(bits, length) < 0) {
        return NULL;
    }
    Py_ssize_t n = length + 2;
    uint32_t *codes = NULL;
    unsigned char *blank = NULL;
    Acc acc = {0};
    PyObject *buckets = NULL, *offsets = NULL, *result = NULL;
    acc.seen = calloc((size_t)1 << (bits - 6), sizeof(uint64_t));
    acc.new_buckets = malloc(sizeof(uint64_t) * (size_t)(5 * n));
    acc.new_at = malloc(sizeof(Py_ssize_t) * (size_t)(5 * n));
    if (pad(text, length, &codes, &blank) < 0 || acc.seen == NULL || acc.new_buckets == NULL ||
        acc.new_at == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    acc.bits = bits;
    add_grams(&acc, codes, blank, n);
    buckets = PyList_New(acc.count);
    offsets = PyList_New(acc.count);
    if (buckets == NULL || offsets == NULL) {
        goto done;
    }
    for (Py_ssize_t k = 0; k < acc.count; k++) {
        PyObject *b = PyLong_FromUnsignedLongLong(acc.new_buckets[k]);
        PyObject *at = PyLong_FromSsize_t(acc.new_at[k]);
        if (b == NULL || at == NULL) {
            Py_XDECREF(b);
            Py_XDECREF(at);
            goto done;
        }
        PyList_SET_ITEM(buckets, k, b);
        PyList_SET_ITEM(offsets, k, at);
    }
    result = PyTuple_Pack(2, buckets, offsets);
done:
    free(codes);
    free(blank);
    free(acc.seen);
    free(acc.new_buckets);
    free(acc.new_at);
    Py_XDECREF(buckets);
    Py_XDECREF(offsets);
    return result;
}

#define BMP 0x10000

/* 0 when `table` has one byte per BMP code point; -1 with ValueError set otherwise. */
static int check_table(const Py_buffer *table) {
    if (table->len != BMP) {
        PyErr_SetString(PyExc_ValueError, "the table must have one byte per BMP code point");
        return -1;
    }
    return 0;
}

/* table_bytes(text, table) -> bytes | None: table[code point] for every character (a uint8
 * table of 65,536 entries: hsfilter's proxy bytes); None when a character is beyond the BMP. */
static PyObject *table_bytes(PyObject *self, PyObject *args) {
    PyObject *text;
    Py_buffer table;
    if (!PyArg_ParseTuple(args, "Uy*", &text, &table)) {
        return NULL;
    }
    PyObject *result = NULL;
    if (check_table(&table) < 0) {
        goto done;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    const unsigned char *map = (const unsigned char *)table.buf;
    result = PyBytes_FromStringAndSize(NULL, length);
    if (result == NULL) {
        goto done;
    }
    char *out = PyBytes_AS_STRING(result);
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 ch = PyUnicode_READ(kind, data, i);
        if (ch >= BMP) {
            Py_DECREF(result);
            result = Py_NewRef(Py_None);
            goto done;
        }
        out[i] = (char)map[ch];
    }
done:
    PyBuffer_Release(&table);
    return result;
}

/* plain_letters(text, table) -> str: every character through a uint16 table of 65,536 entries
 * (letterforms.plain_letters): an entry is the character's replacement (itself for most), or 0
 * for a combining mark, which is dropped when the character written before it is an ASCII letter
 * and kept otherwise (U+0000's entry is 0 and it is itself). Beyond the BMP, the three runs of
 * capitals of letterforms.ASTRAL_CAPITALS read as A..Z and everything else is itself. The text
 * itself when nothing changed. */
static const Py_UCS4 ASTRAL_CAPITALS[] = {0x1F150, 0x1F170, 0x1F1E6};

static PyObject *plain_letters(PyObject *self, PyObject *args) {
    PyObject *text;
    Py_buffer table;
    if (!PyArg_ParseTuple(args, "Uy*", &text, &table)) {
        return NULL;
    }
    PyObject *result = NULL;
    Py_UCS4 *out = NULL;
    if (table.len != 2 * BMP) {
        PyErr_SetString(PyExc_ValueError, "the table must have two bytes per BMP code point");
        goto done;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    const uint16_t *map = (const uint16_t *)table.buf;
    out = PyMem_Malloc((size_t)(length > 0 ? length : 1) * sizeof(Py_UCS4));
    if (out == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t n = 0;
    int changed = 0;
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 ch = PyUnicode_READ(kind, data, i);
        Py_UCS4 to = ch;
        if (ch < BMP) {
            to = map[ch];
            if (to == 0 && ch != 0) { /* a combining mark */
                Py_UCS4 before = n > 0 ? out[n - 1] : 0;
                if ((before >= 'A' && before <= 'Z') || (before >= 'a' && before <= 'z')) {
                    changed = 1;
                    continue;
                }
                to = ch;
            }
        } else {
            for (size_t r = 0; r < sizeof ASTRAL_CAPITALS / sizeof ASTRAL_CAPITALS[0]; r++) {
                if (ch >= ASTRAL_CAPITALS[r] && ch < ASTRAL_CAPITALS[r] + 26) {
                    to = 'A' + (ch - ASTRAL_CAPITALS[r]);
                }
            }
        }
        changed |= to != ch;
        out[n++] = to;
    }
    result = changed ? PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, out, n) : Py_NewRef(text);
done:
    PyMem_Free(out);
    PyBuffer_Release(&table);
    return result;
}

/* separator_runs(text, table, min_len) -> list[tuple[int, int]] | None: the maximal runs of
 * characters whose table entry is 0 (not a separator; a bool table of 65,536 entries), at least
 * min_len long, as (start, end); None when a character is beyond the BMP. */
static PyObject *separator_runs(PyObject *self, PyObject *args) {
    PyObject *text;
    Py_buffer table;
    Py_ssize_t min_len;
    if (!PyArg_ParseTuple(args, "Uy*n", &text, &table, &min_len)) {
        return NULL;
    }
    PyObject *runs = NULL;
    if (check_table(&table) < 0) {
        goto done;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    const unsigned char *sep = (const unsigned char *)table.buf;
    runs = PyList_New(0);
    if (runs == NULL) {
        goto done;
    }
    Py_ssize_t start = -1;
    for (Py_ssize_t i = 0; i <= length; i++) {
        int is_sep = 1; /* past the end: a separator closes the last run */
        if (i < length) {
            Py_UCS4 ch = PyUnicode_READ(kind, data, i);
            if (ch >= BMP) {
                Py_DECREF(runs);
                runs = Py_NewRef(Py_None);
                goto done;
            }
            is_sep = sep[ch] != 0;
        }
        if (!is_sep && start < 0) {
            start = i;
        } else if (is_sep && start >= 0) {
            if (i - start >= min_len) {
                PyObject *span = Py_BuildValue("(nn)", start, i);
                if (span == NULL || PyList_Append(runs, span) < 0) {
                    Py_XDECREF(span);
                    Py_CLEAR(runs);
                    goto done;
                }
                Py_DECREF(span);
            }
            start = -1;
        }
    }
done:
    PyBuffer_Release(&table);
    return runs;
}

/* selector_run(text, min_len) -> bool: do min_len variation selectors (U+FE00..U+FE0F,
 * U+E0100..U+E01EF) follow one another? Emoji smuggling writes bytes as runs of them; an
 * emoji or an ideograph takes one. A text of one or two bytes a character holds none of the
 * second range and is read only for the first. */
static PyObject *selector_run(PyObject *self, PyObject *args) {
    PyObject *text;
    Py_ssize_t min_len;
    if (!PyArg_ParseTuple(args, "Un", &text, &min_len)) {
        return NULL;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    if (kind == PyUnicode_1BYTE_KIND) {
        Py_RETURN_FALSE;
    }
    Py_ssize_t run = 0;
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 ch = PyUnicode_READ(kind, data, i);
        if ((ch >= 0xFE00 && ch <= 0xFE0F) || (ch >= 0xE0100 && ch <= 0xE01EF)) {
            if (++run >= min_len) {
                Py_RETURN_TRUE;
            }
        } else {
            run = 0;
        }
    }
    Py_RETURN_FALSE;
}

static PyMethodDef methods[] = {
    {"selector_run", selector_run, METH_VARARGS, "selector_run(text, min_len) -> bool"},
    {"table_bytes", table_bytes, METH_VARARGS, "table_bytes(text, table) -> bytes | None"},
    {"plain_letters", plain_letters, METH_VARARGS, "plain_letters(text, table) -> str"},
    {"separator_runs", separator_runs, METH_VARARGS,
     "separator_runs(text, table, min_len) -> list[tuple[int, int]] | None"},
    {"best_logit", best_logit, METH_VARARGS,
     "best_logit(norm, weights, bits, window, stride, min_grams) -> float | None"},
    {"distinct", distinct, METH_VARARGS, "distinct(norm, bits) -> (buckets, offsets)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_scan",
    .m_doc = "The firewall's per-character passes in C (see learned.py, hsfilter.py, triggers.py).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__scan(void) { return PyModule_Create(&module); }
