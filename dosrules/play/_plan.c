/* dosrules.play._plan: the greedy agent's planner for rules with `simple_matching`, in C.
 *
 * Computes exactly what dosrules.play.planner.plan_keys computes (the formulation, in Python): the
 * picked options' keys (target face, total, hand faces, common colour bits), in the same order,
 * with every tie-break of the Python code: option order per slot, the first best option, the
 * stable descending sort, the shared option lists of repeated row faces, the stable sort of slots
 * by length, and choose()'s branch and bound with its last slot. Scores are the Python ints
 * shed * 2**44 + bonus * 2**24 + points, held in int64 (the table refuses values that could
 * overflow, and plan() refuses rows with more than MAX_SLOTS free cards).
 *
 *     table = Table(faces, f_bits, f_tbits, f_points, f_lo, f_hi)
 *     table.plan(hand, row, used)  -> list of (t, total, (f,) or (a, b), common), or None
 *     table.plan_matches(hand, row, used) -> list of the objects remembered for those keys, or a
 *         tuple of the keys when one is not remembered yet, or None
 *     table.remember(key, obj)     -> remember obj (a Match) for a key plan() returned
 *
 * plan() returns None when the Python planner must decide instead: a card that is not one of
 * the table's faces (compared by identity), a `used` list shorter than the row or holding other
 * than True and False, more than MAX_SLOTS free row cards, or a re-entrant call.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SHED ((int64_t)1 << 44)
#define BONUS ((int64_t)1 << 24)
#define MAX_SLOTS 512           /* more free row cards: the Python planner (recursion depth) */
#define SEARCH_NODES 20000      /* planner.SEARCH_NODES: search() calls before the best so far stands */
#define MAX_VALUE ((int64_t)1 << 40) /* |points|, |lo|, |hi| bound: no int64 overflow below */

typedef struct {
    int64_t score;
    int64_t total;
    int64_t common;
    int32_t t, a, b; /* hand faces a (and b >= 0 for a pair) */
    int32_t idx;     /* generation order: the stable sort's tie-break */
} Opt;

typedef struct {
    int64_t smin, smax, sb, sp;
    int32_t a, b;
} Pair;

typedef struct {
    Py_ssize_t start, len, pick; /* options in the arena; pick: the first best (absolute) */
} List;

typedef struct {
    int64_t t, a, b, total, common;
    PyObject *obj; /* NULL: an empty entry */
} Memo;

typedef struct {
    PyObject_HEAD
    Py_ssize_t n;      /* faces */
    PyObject *faces;   /* kept alive: the hash keys are their addresses */
    int64_t *bits, *tbits, *points, *lo, *hi;
    uintptr_t *hkeys;  /* open addressing, 0 = empty */
    int32_t *hvals;
    size_t hmask;
    int ready; /* __init__ completed */
    /* scratch, reused across calls */
    int busy;
    int32_t *counts, *seen, *faceorder, *gid, *gcount, *gstart, *gmembers, *ranged;
    int64_t *gval;
    Opt *opts;
    Py_ssize_t opts_cap;
    Pair *pairs;
    Py_ssize_t pairs_cap;
    List *lists;
    int32_t *slots;
    Opt **chosen, **bestplan;
    int64_t *ub;
    /* the objects remembered per option key (open addressing; plan_matches, remember) */
    Memo *memo;
    size_t memo_mask, memo_used;
    int with_memo; /* plan_matches is running */
} TableObject;

/* ---------------------------------------------------------------- face lookup */

static inline size_t hash_ptr(uintptr_t p) {
    uint64_t h = (uint64_t)p >> 4;
    h *= 0x9E3779B97F4A7C15ULL;
    return (size_t)(h ^ (h >> 29));
}

static inline int32_t face_of(TableObject *self, PyObject *obj) {
    uintptr_t key = (uintptr_t)obj;
    size_t i = hash_ptr(key) & self->hmask;
    for (;;) {
        uintptr_t k = self->hkeys[i];
        if (k == key)
            return self->hvals[i];
        if (k == 0)
            return -1;
        i = (i + 1) & self->hmask;
    }
}

/* ---------------------------------------------------------------- growable buffers */

static int grow_opts(TableObject *self, Py_ssize_t need) {
    if (need <= self->opts_cap)
        return 0;
    Py_ssize_t cap = self->opts_cap ? self->opts_cap : 256;
    while (cap < need)
        cap *= 2;
    Opt *p = PyMem_Realloc(self->opts, (size_t)cap * sizeof(Opt));
    if (!p)
        return -1;
    self->opts = p;
    self->opts_cap = cap;
    return 0;
}

static inline int push_opt(TableObject *self, Py_ssize_t *len, int64_t score, int32_t t,
                           int64_t total, int32_t a, int32_t b, int64_t common) {
    if (*len >= self->opts_cap && grow_opts(self, *len + 1) < 0)
        return -1;
    Opt *o = &self->opts[*len];
    o->score = score;
    o->total = total;
    o->common = common;
    o->t = t;
    o->a = a;
    o->b = b;
    o->idx = (int32_t)*len;
    (*len)++;
    return 0;
}

/* ---------------------------------------------------------------- search helpers */

/* planner.fits: whether the hand's face counts pay for the option's one or two faces */
static inline int fits(const int32_t *counts, const Opt *o) {
    if (o->b < 0)
        return counts[o->a] >= 1;
    if (o->a == o->b)
        return counts[o->a] >= 2;
    return counts[o->a] >= 1 && counts[o->b] >= 1;
}

static inline void take(int32_t *counts, const Opt *o, int32_t n) {
    counts[o->a] -= n;
    if (o->b >= 0)
        counts[o->b] -= n;
}

static int cmp_desc(const void *x, const void *y) { /* score descending, then generation order */
    const Opt *a = x, *b = y;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return (a->idx > b->idx) - (a->idx < b->idx);
}

typedef struct {
    Opt **slotopts;
    Py_ssize_t *slotlen;
    int n, last;
    int64_t *ub;
    int32_t *counts;
    int64_t best;
    Opt **chosen;
    int nchosen;
    Opt **bestplan;
    int nbest;
    long nodes; /* search() calls so far (at most SEARCH_NODES explore) */
} Gen;

static void record(Gen *g, int64_t total, Opt *extra) {
    g->best = total;
    memcpy(g->bestplan, g->chosen, (size_t)g->nchosen * sizeof(Opt *));
    g->nbest = g->nchosen;
    if (extra)
        g->bestplan[g->nbest++] = extra;
}

static void leaf(Gen *g, int64_t score) { /* _last on the last slot, else the choice so far */
    Opt *lastopts = g->slotopts[g->last];
    Py_ssize_t n = g->slotlen[g->last];
    for (Py_ssize_t i = 0; i < n; i++) {
        Opt *o = &lastopts[i];
        int64_t total = score + o->score;
        if (total <= g->best)
            break;
        if (fits(g->counts, o)) {
            record(g, total, o);
            return;
        }
    }
    if (score > g->best)
        record(g, score, NULL);
}

static void search(Gen *g, int k, int64_t score) { /* k < last */
    if (++g->nodes > SEARCH_NODES || score + g->ub[k] <= g->best)
        return;
    int64_t rest = g->ub[k + 1];
    int is_leaf = k + 1 == g->last;
    int32_t *counts = g->counts;
    Opt *opts = g->slotopts[k];
    Py_ssize_t n = g->slotlen[k];
    for (Py_ssize_t i = 0; i < n; i++) {
        Opt *o = &opts[i];
        int64_t s = score + o->score;
        if (s + rest <= g->best)
            break;
        if (!fits(counts, o))
            continue;
        take(counts, o, 1);
        g->chosen[g->nchosen++] = o;
        if (is_leaf)
            leaf(g, s);
        else
            search(g, k + 1, s);
        g->nchosen--;
        take(counts, o, -1);
    }
    if (is_leaf)
        leaf(g, score);
    else
        search(g, k + 1, score);
}

/* ---------------------------------------------------------------- remembered objects */

static inline size_t memo_hash(int64_t t, int64_t a, int64_t b, int64_t total, int64_t common) {
    uint64_t h = (uint64_t)t;
    h = (h * 0x9E3779B97F4A7C15ULL) ^ (uint64_t)a;
    h = (h * 0x9E3779B97F4A7C15ULL) ^ (uint64_t)b;
    h = (h * 0x9E3779B97F4A7C15ULL) ^ (uint64_t)total;
    h = (h * 0x9E3779B97F4A7C15ULL) ^ (uint64_t)common;
    h *= 0x9E3779B97F4A7C15ULL;
    return (size_t)(h ^ (h >> 29));
}

/* the entry of a key: its object, or the empty entry where it goes (NULL when there is no memo) */
static Memo *memo_find(TableObject *self, int64_t t, int64_t a, int64_t b, int64_t total, int64_t common) {
    if (!self->memo)
        return NULL;
    size_t i = memo_hash(t, a, b, total, common) & self->memo_mask;
    for (;;) {
        Memo *e = &self->memo[i];
        if (!e->obj || (e->t == t && e->a == a && e->b == b && e->total == total && e->common == common))
            return e;
        i = (i + 1) & self->memo_mask;
    }
}

static int memo_grow(TableObject *self) {
    size_t size = self->memo ? (self->memo_mask + 1) * 2 : 64;
    Memo *old = self->memo;
    size_t old_size = old ? self->memo_mask + 1 : 0;
    Memo *fresh = PyMem_Calloc(size, sizeof(Memo));
    if (!fresh)
        return -1;
    self->memo = fresh;
    self->memo_mask = size - 1;
    for (size_t i = 0; i < old_size; i++)
        if (old[i].obj)
            *memo_find(self, old[i].t, old[i].a, old[i].b, old[i].total, old[i].common) = old[i];
    PyMem_Free(old);
    return 0;
}

/* ---------------------------------------------------------------- results */

static PyObject *key_of(const Opt *o) {
    PyObject *fs = PyTuple_New(o->b < 0 ? 1 : 2);
    if (!fs)
        return NULL;
    PyObject *a = PyLong_FromLong(o->a);
    if (!a)
        goto fail_fs;
    PyTuple_SET_ITEM(fs, 0, a);
    if (o->b >= 0) {
        PyObject *b = PyLong_FromLong(o->b);
        if (!b)
            goto fail_fs;
        PyTuple_SET_ITEM(fs, 1, b);
    }
    PyObject *key = PyTuple_New(4);
    if (!key)
        goto fail_fs;
    PyTuple_SET_ITEM(key, 2, fs); /* the key owns fs from here */
    PyObject *t = PyLong_FromLong(o->t);
    if (!t)
        goto fail_key;
    PyTuple_SET_ITEM(key, 0, t);
    PyObject *total = PyLong_FromLongLong(o->total);
    if (!total)
        goto fail_key;
    PyTuple_SET_ITEM(key, 1, total);
    PyObject *common = PyLong_FromLongLong(o->common);
    if (!common)
        goto fail_key;
    PyTuple_SET_ITEM(key, 3, common);
    return key;
fail_key:
    Py_DECREF(key);
    return NULL;
fail_fs:
    Py_DECREF(fs);
    return NULL;
}

static PyObject *keys_of(TableObject *self, Opt **plan, int n) {
    if (self->with_memo) { /* the remembered objects, when every key has one */
        int all = 1;
        for (int i = 0; i < n && all; i++) {
            const Opt *o = plan[i];
            Memo *e = memo_find(self, o->t, o->a, o->b, o->total, o->common);
            all = e && e->obj;
        }
        if (all) {
            PyObject *out = PyList_New(n);
            if (!out)
                return NULL;
            for (int i = 0; i < n; i++) {
                const Opt *o = plan[i];
                PyList_SET_ITEM(out, i, Py_NewRef(memo_find(self, o->t, o->a, o->b, o->total, o->common)->obj));
            }
            return out;
        }
    }
    PyObject *out = PyList_New(n);
    if (!out)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *k = key_of(plan[i]);
        if (!k) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, k);
    }
    return out;
}

/* ---------------------------------------------------------------- the planner */

/* 1: planned (*out set), 0: leave it to Python, -1: error (exception set) */
static int plan(TableObject *self, PyObject **hand, Py_ssize_t nh, PyObject **row, Py_ssize_t nr,
                PyObject **used, PyObject **out) {
    const int64_t *bits = self->bits, *tbits = self->tbits, *points = self->points;
    const int64_t *lo = self->lo, *hi = self->hi;
    int32_t *counts = self->counts, *seen = self->seen;
    Py_ssize_t nfaces = self->n;
    const int64_t S1 = SHED, S2 = 2 * SHED, B = BONUS;

    memset(counts, 0, (size_t)nfaces * sizeof(int32_t));
    for (Py_ssize_t i = 0; i < nh; i++) {
        int32_t f = face_of(self, hand[i]);
        if (f < 0)
            return 0;
        counts[f]++;
    }
    /* faces in hand, ascending; fixed-value groups in order of first appearance; ranged faces */
    int32_t *faces = self->faceorder, *gid = self->gid, *gcount = self->gcount;
    int32_t *gstart = self->gstart, *gmembers = self->gmembers, *ranged = self->ranged;
    int64_t *gval = self->gval;
    int nf = 0, ng = 0, nranged = 0;
    for (Py_ssize_t f = 0; f < nfaces; f++) {
        if (!counts[f])
            continue;
        faces[nf] = (int32_t)f;
        if (lo[f] == hi[f]) {
            int g = 0;
            while (g < ng && gval[g] != lo[f])
                g++;
            if (g == ng) {
                gval[ng] = lo[f];
                gcount[ng++] = 0;
            }
            gcount[g]++;
            gid[nf] = g;
        } else {
            gid[nf] = -1;
            ranged[nranged++] = (int32_t)f;
        }
        nf++;
    }
    for (int g = 0, at = 0; g < ng; g++) {
        gstart[g] = at;
        at += gcount[g];
        gcount[g] = 0;
    }
    for (int i = 0; i < nf; i++)
        if (gid[i] >= 0) {
            int g = gid[i];
            gmembers[gstart[g] + gcount[g]++] = faces[i];
        }

    for (Py_ssize_t f = 0; f < nfaces; f++)
        seen[f] = -1;
    List *lists = self->lists;
    int32_t *slots = self->slots;
    int nlists = 0, ns = 0;
    Py_ssize_t nopts = 0, npairs = -1;
    for (Py_ssize_t i = 0; i < nr; i++) {
        PyObject *u = used[i];
        if (u == Py_True)
            continue;
        if (u != Py_False) /* no Python code runs while the lists' items are borrowed */
            return 0;
        int32_t t = face_of(self, row[i]);
        if (t < 0)
            return 0;
        if (seen[t] >= 0) { /* another copy of a face already planned for: the same list */
            if (lists[seen[t]].len) {
                if (ns >= MAX_SLOTS)
                    return 0;
                slots[ns++] = seen[t];
            }
            continue;
        }
        Py_ssize_t start = nopts;
        int64_t tlo = lo[t], thi = hi[t], tb = tbits[t];
        if (tlo == thi) {
            int64_t tv = tlo;
            int gt = 0;
            while (gt < ng && gval[gt] != tv)
                gt++;
            if (gt < ng)
                for (int j = 0; j < gcount[gt]; j++) {
                    int32_t f = gmembers[gstart[gt] + j];
                    int64_t cb = bits[f] & tb;
                    if (push_opt(self, &nopts, S1 + (cb ? B : 0) + points[f], t, tv, f, -1, cb) < 0)
                        goto nomem;
                }
            for (int j = 0; j < nranged; j++) {
                int32_t f = ranged[j];
                if (lo[f] <= tv && tv <= hi[f]) {
                    int64_t cb = bits[f] & tb;
                    if (push_opt(self, &nopts, S1 + (cb ? B : 0) + points[f], t, tv, f, -1, cb) < 0)
                        goto nomem;
                }
            }
            for (int g = 0; g < ng; g++) {
                int64_t want = tv - gval[g];
                int p = 0;
                while (p < ng && gval[p] != want)
                    p++;
                if (p == ng)
                    continue;
                for (int ja = 0; ja < gcount[g]; ja++) {
                    int32_t a = gmembers[gstart[g] + ja];
                    for (int jb = 0; jb < gcount[p]; jb++) {
                        int32_t b = gmembers[gstart[p] + jb];
                        if (b < a || (b == a && counts[a] < 2))
                            continue;
                        int64_t cb = bits[a] & bits[b] & tb;
                        if (push_opt(self, &nopts, S2 + (cb ? B : 0) + points[a] + points[b], t, tv, a, b,
                                     cb) < 0)
                            goto nomem;
                    }
                }
            }
            for (int j = 0; j < nranged; j++) {
                int32_t w = ranged[j];
                int64_t lw = lo[w], hw = hi[w];
                for (int ja = 0; ja < nf; ja++) {
                    int32_t a = faces[ja];
                    if ((a == w && counts[a] < 2) || (a < w && lo[a] != hi[a]))
                        continue; /* a ranged pair is taken once, from its lower face */
                    if (lo[a] + lw <= tv && tv <= hi[a] + hw) {
                        int64_t cb = bits[a] & bits[w] & tb;
                        if (push_opt(self, &nopts, S2 + (cb ? B : 0) + points[a] + points[w], t, tv,
                                     a < w ? a : w, a < w ? w : a, cb) < 0)
                            goto nomem;
                    }
                }
            }
        } else {
            if (npairs < 0) { /* every pair, built only for a target that counts a range */
                Py_ssize_t need = (Py_ssize_t)nf * (nf + 1) / 2;
                if (need > self->pairs_cap) {
                    Pair *p = PyMem_Realloc(self->pairs, (size_t)need * sizeof(Pair));
                    if (!p)
                        goto nomem;
                    self->pairs = p;
                    self->pairs_cap = need;
                }
                npairs = 0;
                for (int ia = 0; ia < nf; ia++) {
                    int32_t a = faces[ia];
                    for (int ib = ia; ib < nf; ib++) {
                        int32_t b = faces[ib];
                        if (a == b && counts[a] < 2)
                            continue;
                        Pair *p = &self->pairs[npairs++];
                        p->smin = lo[a] + lo[b];
                        p->smax = hi[a] + hi[b];
                        p->sb = bits[a] & bits[b];
                        p->sp = S2 + points[a] + points[b];
                        p->a = a;
                        p->b = b;
                    }
                }
            }
            for (Py_ssize_t j = 0; j < npairs; j++) {
                Pair *p = &self->pairs[j];
                if (p->smin <= thi && tlo <= p->smax) {
                    int64_t cb = p->sb & tb;
                    if (push_opt(self, &nopts, p->sp + (cb ? B : 0), t, p->smin > tlo ? p->smin : tlo, p->a,
                                 p->b, cb) < 0)
                        goto nomem;
                }
            }
            for (int j = 0; j < nf; j++) {
                int32_t f = faces[j];
                if (lo[f] <= thi && tlo <= hi[f]) {
                    int64_t cb = bits[f] & tb;
                    if (push_opt(self, &nopts, S1 + (cb ? B : 0) + points[f], t, lo[f] > tlo ? lo[f] : tlo, f,
                                 -1, cb) < 0)
                        goto nomem;
                }
            }
        }
        List *L = &lists[nlists];
        L->start = start;
        L->len = nopts - start;
        L->pick = -1;
        seen[t] = nlists++;
        if (L->len) {
            Py_ssize_t pick = start;
            for (Py_ssize_t j = start + 1; j < nopts; j++)
                if (self->opts[j].score > self->opts[pick].score)
                    pick = j;
            L->pick = pick;
            if (ns >= MAX_SLOTS)
                return 0;
            slots[ns++] = seen[t];
        }
    }
    if (!ns) {
        *out = PyList_New(0);
        return *out ? 1 : -1;
    }
    Opt *opts = self->opts;
    /* each slot's best option, if they fit the hand together, is the plan the search would find */
    int taken = 0;
    while (taken < ns && fits(counts, &opts[lists[slots[taken]].pick])) {
        take(counts, &opts[lists[slots[taken]].pick], 1);
        taken++;
    }
    for (int k = 0; k < taken; k++)
        take(counts, &opts[lists[slots[k]].pick], -1);
    Opt **plan = self->bestplan;
    if (taken == ns) {
        for (int k = 0; k < ns; k++)
            plan[k] = &opts[lists[slots[k]].pick];
        *out = keys_of(self, plan, ns);
        return *out ? 1 : -1;
    }
    for (int l = 0; l < nlists; l++)
        if (lists[l].len > 1)
            qsort(&opts[lists[l].start], (size_t)lists[l].len, sizeof(Opt), cmp_desc);
    for (int k = 1; k < ns; k++) { /* stable sort of the slots by their number of options */
        int32_t s = slots[k];
        Py_ssize_t len = lists[s].len;
        int j = k - 1;
        while (j >= 0 && lists[slots[j]].len > len) {
            slots[j + 1] = slots[j];
            j--;
        }
        slots[j + 1] = s;
    }
    int nplan = 0;
    if (ns >= 2) {
        Opt **slotopts = (Opt **)self->chosen + ns; /* scratch after the chosen stack */
        Py_ssize_t *slotlen = (Py_ssize_t *)(slotopts + ns);
        for (int k = 0; k < ns; k++) {
            slotopts[k] = &opts[lists[slots[k]].start];
            slotlen[k] = lists[slots[k]].len;
        }
        int64_t *ub = self->ub;
        ub[ns] = 0;
        for (int k = ns - 1; k >= 0; k--)
            ub[k] = ub[k + 1] + slotopts[k][0].score;
        Gen g = {slotopts, slotlen, ns, ns - 1, ub, counts, -1, self->chosen, 0, plan, 0, 0};
        search(&g, 0, 0);
        nplan = g.nbest;
    } else {
        return 0; /* one slot whose best option does not fit: cannot happen */
    }
    *out = keys_of(self, plan, nplan);
    return *out ? 1 : -1;
nomem:
    PyErr_NoMemory();
    return -1;
}

static PyObject *run_plan(TableObject *self, PyObject *const *args, Py_ssize_t nargs, int with_memo) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "plan(hand, row, used) takes 3 arguments");
        return NULL;
    }
    if (!self->ready) {
        PyErr_SetString(PyExc_ValueError, "Table was not initialised");
        return NULL;
    }
    if (self->busy)
        Py_RETURN_NONE;
    PyObject *hand = PySequence_Fast(args[0], "hand must be a sequence");
    if (!hand)
        return NULL;
    PyObject *row = PySequence_Fast(args[1], "row must be a sequence");
    if (!row) {
        Py_DECREF(hand);
        return NULL;
    }
    PyObject *used = PySequence_Fast(args[2], "used must be a sequence");
    if (!used) {
        Py_DECREF(hand);
        Py_DECREF(row);
        return NULL;
    }
    PyObject *out = NULL;
    Py_ssize_t nh = PySequence_Fast_GET_SIZE(hand), nr = PySequence_Fast_GET_SIZE(row);
    if (nh == 0 || nr == 0) {
        out = PyList_New(0);
    } else if (PySequence_Fast_GET_SIZE(used) < nr) {
        out = Py_NewRef(Py_None);
    } else {
        int r;
        self->busy = 1;
        self->with_memo = with_memo;
        r = plan(self, PySequence_Fast_ITEMS(hand), nh, PySequence_Fast_ITEMS(row), nr,
                 PySequence_Fast_ITEMS(used), &out);
        self->busy = 0;
        self->with_memo = 0;
        if (r == 0)
            out = Py_NewRef(Py_None);
        else if (r < 0)
            out = NULL;
    }
    Py_DECREF(hand);
    Py_DECREF(row);
    Py_DECREF(used);
    return out;
}

static PyObject *Table_plan(TableObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return run_plan(self, args, nargs, 0);
}

/* the plan as the objects remembered for its keys; a tuple of the keys when one is not yet */
static PyObject *Table_plan_matches(TableObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *out = run_plan(self, args, nargs, 1);
    if (!out || out == Py_None || PyList_GET_SIZE(out) == 0)
        return out;
    PyObject *first = PyList_GET_ITEM(out, 0);
    if (!PyTuple_CheckExact(first)) /* objects (a remembered object is never a tuple) */
        return out;
    PyObject *keys = PyList_AsTuple(out);
    Py_DECREF(out);
    return keys;
}

static int int64_of(PyObject *obj, int64_t *dst) {
    long long v = PyLong_AsLongLong(obj);
    if (v == -1 && PyErr_Occurred())
        return -1;
    *dst = (int64_t)v;
    return 0;
}

/* remember(key, obj): obj stands for the key (t, total, (a,) or (a, b), common) from now on */
static PyObject *Table_remember(TableObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyTuple_CheckExact(args[0]) || PyTuple_GET_SIZE(args[0]) != 4 ||
        !PyTuple_CheckExact(PyTuple_GET_ITEM(args[0], 2)) || PyTuple_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "remember(key, obj): a key (t, total, faces, common) and an object "
                                         "that is not a tuple");
        return NULL;
    }
    PyObject *key = args[0], *fs = PyTuple_GET_ITEM(key, 2);
    Py_ssize_t nf = PyTuple_GET_SIZE(fs);
    int64_t t, a, b = -1, total, common;
    if (nf < 1 || nf > 2) {
        PyErr_SetString(PyExc_ValueError, "a key holds one or two faces");
        return NULL;
    }
    if (int64_of(PyTuple_GET_ITEM(key, 0), &t) < 0 || int64_of(PyTuple_GET_ITEM(key, 1), &total) < 0 ||
        int64_of(PyTuple_GET_ITEM(key, 3), &common) < 0 || int64_of(PyTuple_GET_ITEM(fs, 0), &a) < 0 ||
        (nf == 2 && int64_of(PyTuple_GET_ITEM(fs, 1), &b) < 0))
        return NULL;
    if ((!self->memo || (self->memo_used + 1) * 2 > self->memo_mask + 1) && memo_grow(self) < 0)
        return PyErr_NoMemory();
    Memo *e = memo_find(self, t, a, b, total, common);
    if (e->obj) {
        Py_SETREF(e->obj, Py_NewRef(args[1]));
    } else {
        *e = (Memo){t, a, b, total, common, Py_NewRef(args[1])};
        self->memo_used++;
    }
    Py_RETURN_NONE;
}

/* ---------------------------------------------------------------- the type */

static int int64_list(PyObject *seq, Py_ssize_t n, int64_t **dst, int64_t min, int64_t max,
                      const char *name) {
    PyObject *fast = PySequence_Fast(seq, "face tables must be sequences");
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s has %zd entries for %zd faces", name,
                     PySequence_Fast_GET_SIZE(fast), n);
        Py_DECREF(fast);
        return -1;
    }
    *dst = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(int64_t));
    if (!*dst) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(PySequence_Fast_GET_ITEM(fast, i), &overflow);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (overflow || v < min || v > max) {
            PyErr_Format(PyExc_OverflowError, "%s[%zd] is out of the native planner's range", name, i);
            Py_DECREF(fast);
            return -1;
        }
        (*dst)[i] = v;
    }
    Py_DECREF(fast);
    return 0;
}

static void Table_dealloc(TableObject *self) {
    Py_XDECREF(self->faces);
    if (self->memo) {
        for (size_t i = 0; i <= self->memo_mask; i++)
            Py_XDECREF(self->memo[i].obj);
        PyMem_Free(self->memo);
    }
    PyMem_Free(self->bits);
    PyMem_Free(self->tbits);
    PyMem_Free(self->points);
    PyMem_Free(self->lo);
    PyMem_Free(self->hi);
    PyMem_Free(self->hkeys);
    PyMem_Free(self->hvals);
    PyMem_Free(self->counts);
    PyMem_Free(self->seen);
    PyMem_Free(self->faceorder);
    PyMem_Free(self->gid);
    PyMem_Free(self->gcount);
    PyMem_Free(self->gstart);
    PyMem_Free(self->gmembers);
    PyMem_Free(self->ranged);
    PyMem_Free(self->gval);
    PyMem_Free(self->opts);
    PyMem_Free(self->pairs);
    PyMem_Free(self->lists);
    PyMem_Free(self->slots);
    PyMem_Free(self->chosen);
    PyMem_Free(self->bestplan);
    PyMem_Free(self->ub);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Table_init(TableObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"faces", "bits", "tbits", "points", "lo", "hi", NULL};
    PyObject *faces, *bits, *tbits, *points, *lo, *hi;
    if (self->faces) {
        PyErr_SetString(PyExc_TypeError, "Table is initialised once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOO:Table", kwlist, &faces, &bits, &tbits, &points,
                                     &lo, &hi))
        return -1;
    faces = PySequence_Tuple(faces);
    if (!faces)
        return -1;
    self->faces = faces;
    Py_ssize_t n = PyTuple_GET_SIZE(faces);
    if (n > (1 << 24)) {
        PyErr_SetString(PyExc_OverflowError, "too many faces for the native planner");
        return -1;
    }
    self->n = n;
    const int64_t BITS_MAX = (int64_t)1 << 62;
    if (int64_list(bits, n, &self->bits, 0, BITS_MAX, "bits") < 0 ||
        int64_list(tbits, n, &self->tbits, 0, BITS_MAX, "tbits") < 0 ||
        int64_list(points, n, &self->points, -MAX_VALUE, MAX_VALUE, "points") < 0 ||
        int64_list(lo, n, &self->lo, -MAX_VALUE, MAX_VALUE, "lo") < 0 ||
        int64_list(hi, n, &self->hi, -MAX_VALUE, MAX_VALUE, "hi") < 0)
        return -1;
    size_t size = 8;
    while (size < (size_t)n * 2 + 2)
        size *= 2;
    self->hmask = size - 1;
    self->hkeys = PyMem_Calloc(size, sizeof(uintptr_t));
    self->hvals = PyMem_Calloc(size, sizeof(int32_t));
    size_t m = (size_t)(n ? n : 1);
    self->counts = PyMem_Malloc(m * sizeof(int32_t));
    self->seen = PyMem_Malloc(m * sizeof(int32_t));
    self->faceorder = PyMem_Malloc(m * sizeof(int32_t));
    self->gid = PyMem_Malloc(m * sizeof(int32_t));
    self->gcount = PyMem_Malloc(m * sizeof(int32_t));
    self->gstart = PyMem_Malloc(m * sizeof(int32_t));
    self->gmembers = PyMem_Malloc(m * sizeof(int32_t));
    self->ranged = PyMem_Malloc(m * sizeof(int32_t));
    self->gval = PyMem_Malloc(m * sizeof(int64_t));
    /* at most one list per distinct face, MAX_SLOTS slots */
    self->lists = PyMem_Malloc(m * sizeof(List));
    self->slots = PyMem_Malloc((MAX_SLOTS + 1) * sizeof(int32_t));
    /* chosen stack, then the general search's slot pointers and lengths */
    self->chosen = PyMem_Malloc((MAX_SLOTS + 1) * (2 * sizeof(Opt *) + sizeof(Py_ssize_t)));
    self->bestplan = PyMem_Malloc((MAX_SLOTS + 1) * sizeof(Opt *));
    self->ub = PyMem_Malloc((MAX_SLOTS + 2) * sizeof(int64_t));
    if (!self->hkeys || !self->hvals || !self->counts || !self->seen || !self->faceorder || !self->gid ||
        !self->gcount || !self->gstart || !self->gmembers || !self->ranged || !self->gval || !self->lists ||
        !self->slots || !self->chosen || !self->bestplan || !self->ub) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) { /* by identity; a repeated object keeps its last index */
        uintptr_t key = (uintptr_t)PyTuple_GET_ITEM(faces, i);
        size_t j = hash_ptr(key) & self->hmask;
        while (self->hkeys[j] != 0 && self->hkeys[j] != key)
            j = (j + 1) & self->hmask;
        self->hkeys[j] = key;
        self->hvals[j] = (int32_t)i;
    }
    if (grow_opts(self, 256) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    self->ready = 1;
    return 0;
}

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    (void)args;
    (void)kwds;
    return type->tp_alloc(type, 0); /* zero-filled */
}

static PyObject *Table_get_size(TableObject *self, void *closure) {
    (void)closure;
    return PyLong_FromSsize_t(self->n);
}

static PyMethodDef Table_methods[] = {
    {"plan", (PyCFunction)(void (*)(void))Table_plan, METH_FASTCALL,
     "plan(hand, row, used) -> the greedy plan's option keys (t, total, faces, common), or None\n"
     "when the Python planner must decide (unknown card, short `used`, too wide a row)."},
    {"plan_matches", (PyCFunction)(void (*)(void))Table_plan_matches, METH_FASTCALL,
     "plan_matches(hand, row, used) -> the objects remembered for the plan's keys (a list), a tuple\n"
     "of the keys when one of them has none yet, or None as plan() does."},
    {"remember", (PyCFunction)(void (*)(void))Table_remember, METH_FASTCALL,
     "remember(key, obj): plan_matches gives obj (not a tuple) for this key of plan() from now on."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Table_getset[] = {
    {"size", (getter)Table_get_size, NULL, "the number of faces", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dosrules.play._plan.Table",
    .tp_doc = "Table(faces, bits, tbits, points, lo, hi): one rules' face tables for the native planner.",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Table_new,
    .tp_init = (initproc)Table_init,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
    .tp_getset = Table_getset,
};

static struct PyModuleDef plan_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dosrules.play._plan",
    .m_doc = "The greedy agent's planner for simple matching, in C (see dosrules.play.agents.plain_plan).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__plan(void) {
    if (PyType_Ready(&TableType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&plan_module);
    if (!m)
        return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "MAX_SLOTS", MAX_SLOTS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
