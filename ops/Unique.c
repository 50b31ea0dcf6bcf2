/*
 * Unique.c - _unique: the distinct values of a tensor (flattened), in the
 * order 1.13's CPU kernel leaves them, and optionally each element's
 * position among them (return_inverse).
 *
 * Note [the order of _unique(sorted=False)]
 * 1.13 puts the elements into a std::unordered_set<scalar_t> (libstdc++,
 * GCC 12) and copies the set out in its iteration order, which is the order
 * of the hash table's one linked list of nodes: a new value whose bucket is
 * empty goes to the front of the list, one whose bucket has nodes goes
 * before that bucket's first node, and a rehash (when the count would pass
 * the bucket count: 13 buckets at the first insertion, then the next prime
 * of libstdc++'s list at or above twice the count) relinks the nodes bucket
 * by bucket, which reverses runs of distinct buckets.  So [0, 2, 0, 1] gives
 * [1, 2, 0] and 0..19 gives 19..13, 0..12.  minaten does the same steps over
 * an array of nodes (StlHashSet): std::hash of an integer or bool is its
 * value as size_t, of a float or double 0 for a zero (so -0.0 and 0.0 are
 * one value) and libstdc++'s _Hash_bytes of its bytes otherwise; NaN equals
 * nothing, so every NaN is a value of its own.  sorted=True then copies the
 * set into a vector and std::sorts it (ops/cpu/StlAlgorithms.h, so NaNs land
 * where libstdc++'s steps leave them).  A bool tensor comes out
 * [False, True] (those present) in either case, as 1.13 gives it.
 *
 * PyTorch 1.13: aten/src/ATen/native/Unique.cpp (_unique_cpu,
 * unique_cpu_template); libstdc++: bits/hashtable.h (_M_insert_unique_node,
 * _M_insert_bucket_begin, _M_rehash_aux), src/c++11/hashtable_c++0x.cc
 * (_Prime_rehash_policy), src/c++11/hash_bytes.cc (_Hash_bytes)
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function" /* the header's other algorithms */
#define STL_SUFFIX unique_float /* std::sort with operator< on a floating dtype */
#define STL_LESS(x, y) ((x)->key.f < (y)->key.f)
#define STL_LESS_BRANCH_FREE(x, y) ((x)->key.f < (y)->key.f)
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#define STL_SUFFIX unique_int /* std::sort with operator< on an integer dtype */
#define STL_LESS(x, y) ((x)->key.i < (y)->key.i)
#define STL_LESS_BRANCH_FREE(x, y) ((x)->key.i < (y)->key.i)
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#pragma GCC diagnostic pop

/* libstdc++'s __prime_list (64-bit size_t): the bucket counts past 13. */
static const uint64_t kPrimeList[] = {
    2UL, 3UL, 5UL, 7UL, 11UL, 13UL, 17UL, 19UL, 23UL, 29UL, 31UL, 37UL, 41UL, 43UL, 47UL, 53UL, 59UL, 61UL, 67UL,
    71UL, 73UL, 79UL, 83UL, 89UL, 97UL, 103UL, 109UL, 113UL, 127UL, 137UL, 139UL, 149UL, 157UL, 167UL, 179UL, 193UL,
    199UL, 211UL, 227UL, 241UL, 257UL, 277UL, 293UL, 313UL, 337UL, 359UL, 383UL, 409UL, 439UL, 467UL, 503UL, 541UL,
    577UL, 619UL, 661UL, 709UL, 761UL, 823UL, 887UL, 953UL, 1031UL, 1109UL, 1193UL, 1289UL, 1381UL, 1493UL, 1613UL,
    1741UL, 1879UL, 2029UL, 2179UL, 2357UL, 2549UL, 2753UL, 2971UL, 3209UL, 3469UL, 3739UL, 4027UL, 4349UL, 4703UL,
    5087UL, 5503UL, 5953UL, 6427UL, 6949UL, 7517UL, 8123UL, 8783UL, 9497UL, 10273UL, 11113UL, 12011UL, 12983UL,
    14033UL, 15173UL, 16411UL, 17749UL, 19183UL, 20753UL, 22447UL, 24281UL, 26267UL, 28411UL, 30727UL, 33223UL,
    35933UL, 38873UL, 42043UL, 45481UL, 49201UL, 53201UL, 57557UL, 62233UL, 67307UL, 72817UL, 78779UL, 85229UL,
    92203UL, 99733UL, 107897UL, 116731UL, 126271UL, 136607UL, 147793UL, 159871UL, 172933UL, 187091UL, 202409UL,
    218971UL, 236897UL, 256279UL, 277261UL, 299951UL, 324503UL, 351061UL, 379787UL, 410857UL, 444487UL, 480881UL,
    520241UL, 562841UL, 608903UL, 658753UL, 712697UL, 771049UL, 834181UL, 902483UL, 976369UL, 1056323UL, 1142821UL,
    1236397UL, 1337629UL, 1447153UL, 1565659UL, 1693859UL, 1832561UL, 1982627UL, 2144977UL, 2320627UL, 2510653UL,
    2716249UL, 2938679UL, 3179303UL, 3439651UL, 3721303UL, 4026031UL, 4355707UL, 4712381UL, 5098259UL, 5515729UL,
    5967347UL, 6456007UL, 6984629UL, 7556579UL, 8175383UL, 8844859UL, 9569143UL, 10352717UL, 11200489UL, 12117689UL,
    13109983UL, 14183539UL, 15345007UL, 16601593UL, 17961079UL, 19431899UL, 21023161UL, 22744717UL, 24607243UL,
    26622317UL, 28802401UL, 31160981UL, 33712729UL, 36473443UL, 39460231UL, 42691603UL, 46187573UL, 49969847UL,
    54061849UL, 58488943UL, 63278561UL, 68460391UL, 74066549UL, 80131819UL, 86693767UL, 93793069UL, 101473717UL,
    109783337UL, 118773397UL, 128499677UL, 139022417UL, 150406843UL, 162723577UL, 176048909UL, 190465427UL,
    206062531UL, 222936881UL, 241193053UL, 260944219UL, 282312799UL, 305431229UL, 330442829UL, 357502601UL,
    386778277UL, 418451333UL, 452718089UL, 489790921UL, 529899637UL, 573292817UL, 620239453UL, 671030513UL,
    725980837UL, 785430967UL, 849749479UL, 919334987UL, 994618837UL, 1076067617UL, 1164186217UL, 1259520799UL,
    1362662261UL, 1474249943UL, 1594975441UL, 1725587117UL, 1866894511UL, 2019773507UL, 2185171673UL, 2364114217UL,
    2557710269UL, 2767159799UL, 2993761039UL, 3238918481UL, 3504151727UL, 3791104843UL, 4101556399UL, 4294967291UL,
    6442450933UL, 8589934583UL, 12884901857UL, 17179869143UL, 25769803693UL, 34359738337UL, 51539607367UL,
    68719476731UL, 103079215087UL, 137438953447UL, 206158430123UL, 274877906899UL, 412316860387UL, 549755813881UL,
    824633720731UL, 1099511627689UL, 1649267441579UL, 2199023255531UL, 3298534883309UL, 4398046511093UL,
    6597069766607UL, 8796093022151UL, 13194139533241UL, 17592186044399UL, 26388279066581UL, 35184372088777UL,
    52776558133177UL, 70368744177643UL, 105553116266399UL, 140737488355213UL, 211106232532861UL, 281474976710597UL,
    562949953421231UL, 1125899906842597UL, 2251799813685119UL, 4503599627370449UL, 9007199254740881UL,
    18014398509481951UL, 36028797018963913UL, 72057594037927931UL, 144115188075855859UL, 288230376151711717UL,
    576460752303423433UL, 1152921504606846883UL, 2305843009213693951UL, 4611686018427387847UL, 9223372036854775783UL,
    18446744073709551557UL,
};

enum { kNumPrimes = (int)(sizeof kPrimeList / sizeof kPrimeList[0]) }; /* 304: the last is the sentinel */

/* libstdc++'s _Prime_rehash_policy (max_load_factor 1, growth factor 2). */
typedef struct RehashPolicy {
  uint64_t next_resize;
} RehashPolicy;

/* The bucket count for at least n buckets, setting next_resize.
 * libstdc++: hashtable_c++0x.cc _Prime_rehash_policy::_M_next_bkt */
static uint64_t RehashPolicy_next_bkt(RehashPolicy* p, uint64_t n) {
  static const unsigned char fast_bkt[] = {2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13};
  if (n < sizeof fast_bkt) {
    if (n == 0) return 1; /* next_resize stays 0: the first insertion allocates */
    p->next_resize = fast_bkt[n];
    return fast_bkt[n];
  }
  /* std::lower_bound(__prime_list + 6, __last_prime, n) */
  int lo = 6, hi = kNumPrimes - 1;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (kPrimeList[mid] < n) lo = mid + 1;
    else hi = mid;
  }
  p->next_resize = lo == kNumPrimes - 1 ? UINT64_MAX : kPrimeList[lo];
  return kPrimeList[lo];
}

/* The new bucket count when n_ins more elements need one, else 0.
 * libstdc++: hashtable_c++0x.cc _Prime_rehash_policy::_M_need_rehash */
static uint64_t RehashPolicy_need_rehash(RehashPolicy* p, uint64_t n_bkt, uint64_t n_elt, uint64_t n_ins) {
  if (n_elt + n_ins <= p->next_resize) return 0;
  uint64_t wanted = n_elt + n_ins;
  if (p->next_resize == 0 && wanted < 11) wanted = 11;
  double min_bkts = (double)wanted;
  if (min_bkts >= (double)n_bkt) {
    uint64_t a = (uint64_t)floor(min_bkts) + 1, b = n_bkt * 2;
    return RehashPolicy_next_bkt(p, a > b ? a : b);
  }
  p->next_resize = n_bkt;
  return 0;
}

/* libstdc++'s _Hash_bytes (64-bit: a MurmurHash2 variant).
 * libstdc++: src/c++11/hash_bytes.cc */
static uint64_t shift_mix(uint64_t v) { return v ^ (v >> 47); }
static uint64_t hash_bytes(const void* ptr, size_t len, uint64_t seed) {
  const uint64_t mul = (((uint64_t)0xc6a4a793UL) << 32UL) + (uint64_t)0x5bd1e995UL;
  const unsigned char* buf = ptr;
  size_t len_aligned = len & ~(size_t)0x7;
  uint64_t hash = seed ^ (len * mul);
  for (size_t i = 0; i < len_aligned; i += 8) {
    uint64_t w;
    memcpy(&w, buf + i, 8);
    hash ^= shift_mix(w * mul) * mul;
    hash *= mul;
  }
  if ((len & 0x7) != 0) {
    uint64_t data = 0;
    for (size_t n = len & 0x7; n-- > 0;) data = (data << 8) + buf[len_aligned + n];
    hash ^= data;
    hash *= mul;
  }
  hash = shift_mix(hash) * mul;
  return shift_mix(hash);
}

/* std::hash<scalar_t> of element p of dtype t.
 * libstdc++: bits/functional_hash.h */
static uint64_t std_hash(ScalarType t, const char* p) {
  if (t == ScalarType_Float) {
    float f;
    memcpy(&f, p, sizeof f);
    return f != 0.0f ? hash_bytes(&f, sizeof f, 0xc70f6907UL) : 0;
  }
  if (t == ScalarType_Double) {
    double d;
    memcpy(&d, p, sizeof d);
    return d != 0.0 ? hash_bytes(&d, sizeof d, 0xc70f6907UL) : 0;
  }
  if (t == ScalarType_BFloat16) {
    uint16_t bits; /* Unique.cpp's std::hash<at::BFloat16>: std::hash<uint16_t>()(v.x) */
    memcpy(&bits, p, sizeof bits);
    return bits;
  }
  return (uint64_t)load_int(t, p); /* static_cast<size_t>(value) */
}

/* The set: nodes 0..count-1 hold the distinct values in insertion order;
 * next[] links them in iteration order, next[cap] being _M_before_begin;
 * buckets[b] is the node before bucket b's first node, or -1. */
typedef struct StlHashSet {
  ScalarType dtype;
  bool floating;
  SortItem* key;  /* key[n].key is node n's value */
  uint64_t* code; /* node n's hash */
  int64_t* next;
  int64_t* buckets;
  uint64_t bucket_count, count;
  int64_t before; /* the index of _M_before_begin in next[] */
  RehashPolicy policy;
} StlHashSet;

static bool keys_equal(const StlHashSet* s, int64_t n, const SortItem* k) {
  return s->floating ? s->key[n].key.f == k->key.f : s->key[n].key.i == k->key.i;
}

/* Relinks the nodes into n buckets.  libstdc++: bits/hashtable.h _M_rehash_aux (unique keys) */
static int StlHashSet_rehash(StlHashSet* s, uint64_t n) {
  int64_t* nb = malloc((size_t)n * sizeof *nb);
  if (nb == NULL) return -1;
  for (uint64_t b = 0; b < n; b++) nb[b] = -1;
  int64_t p = s->next[s->before];
  s->next[s->before] = -1;
  uint64_t bbegin_bkt = 0;
  while (p != -1) {
    int64_t next = s->next[p];
    uint64_t bkt = s->code[p] % n;
    if (nb[bkt] == -1) {
      s->next[p] = s->next[s->before];
      s->next[s->before] = p;
      nb[bkt] = s->before;
      if (s->next[p] != -1) nb[bbegin_bkt] = p;
      bbegin_bkt = bkt;
    } else {
      s->next[p] = s->next[nb[bkt]];
      s->next[nb[bkt]] = p;
    }
    p = next;
  }
  free(s->buckets);
  s->buckets = nb;
  s->bucket_count = n;
  return 0;
}

/* set.insert(value at p).  libstdc++: bits/hashtable.h _M_insert_unique,
 * _M_insert_unique_node, _M_insert_bucket_begin */
static int StlHashSet_insert(StlHashSet* s, const char* p) {
  SortItem k;
  if (s->floating) k.key.f = load_double(s->dtype, p);
  else k.key.i = load_int(s->dtype, p);
  uint64_t code = std_hash(s->dtype, p);
  uint64_t bkt = code % s->bucket_count;
  if (s->count > 0 && s->buckets[bkt] != -1) { /* _M_find_node */
    for (int64_t n = s->next[s->buckets[bkt]]; n != -1 && s->code[n] % s->bucket_count == bkt; n = s->next[n])
      if (keys_equal(s, n, &k)) return 0;
  }
  uint64_t grow = RehashPolicy_need_rehash(&s->policy, s->bucket_count, s->count, 1);
  if (grow != 0) {
    if (StlHashSet_rehash(s, grow) < 0) return -1;
    bkt = code % s->bucket_count;
  }
  int64_t node = (int64_t)s->count++;
  s->key[node] = k;
  s->code[node] = code;
  if (s->buckets[bkt] != -1) {
    s->next[node] = s->next[s->buckets[bkt]];
    s->next[s->buckets[bkt]] = node;
  } else {
    s->next[node] = s->next[s->before];
    s->next[s->before] = node;
    if (s->next[node] != -1) s->buckets[s->code[s->next[node]] % s->bucket_count] = node;
    s->buckets[bkt] = s->before;
  }
  return 0;
}

static void StlHashSet_free(StlHashSet* s) {
  free(s->key);
  free(s->code);
  free(s->next);
  free(s->buckets);
}

/* The set of the n elements of the contiguous tensor at data.  0, or -1
 * (out of memory, the error set). */
static int StlHashSet_build(StlHashSet* s, ScalarType dtype, const char* data, int64_t n) {
  memset(s, 0, sizeof *s);
  s->dtype = dtype;
  s->floating = ScalarType_isFloating(dtype);
  size_t cap = (size_t)n + 1;
  s->key = malloc(cap * sizeof *s->key);
  s->code = malloc(cap * sizeof *s->code);
  s->next = malloc(cap * sizeof *s->next);
  s->buckets = malloc(sizeof *s->buckets);
  if (s->key == NULL || s->code == NULL || s->next == NULL || s->buckets == NULL) goto oom;
  s->before = n;
  s->next[n] = -1;
  s->buckets[0] = -1;
  s->bucket_count = 1; /* the single bucket of an empty table */
  size_t size = ScalarType_elementSize(dtype);
  for (int64_t i = 0; i < n; i++)
    if (StlHashSet_insert(s, data + i * (int64_t)size) < 0) goto oom;
  return 0;
oom:
  StlHashSet_free(s);
  Error_set(ErrorType_RuntimeError, "minaten: out of memory in _unique");
  return -1;
}

/* The node holding the value at p, or -1 (always for a NaN). */
static int64_t StlHashSet_find(const StlHashSet* s, const char* p) {
  SortItem k;
  if (s->floating) k.key.f = load_double(s->dtype, p);
  else k.key.i = load_int(s->dtype, p);
  uint64_t bkt = std_hash(s->dtype, p) % s->bucket_count;
  if (s->count == 0 || s->buckets[bkt] == -1) return -1;
  for (int64_t n = s->next[s->buckets[bkt]]; n != -1 && s->code[n] % s->bucket_count == bkt; n = s->next[n])
    if (keys_equal(s, n, &k)) return n;
  return -1;
}

/* The inverse (return_inverse or return_counts: every element's position
 * in output) and counts (return_counts: how often each output value occurs;
 * 0 for a NaN, which no lookup finds) of unique_cpu_template. */
static void unique_inverse_counts(const StlHashSet* set, const Tensor* input, const int64_t* position, int64_t m,
                                 Tensor* inverse, Tensor* counts) {
  int64_t* inv = (int64_t*)Tensor_data(inverse);
  int64_t* cnt = counts != NULL ? (int64_t*)Tensor_data(counts) : NULL;
  for (int64_t j = 0; cnt != NULL && j < m; j++) cnt[j] = 0;
  for (int64_t i = 0; i < input->numel; i++) {
    int64_t node = StlHashSet_find(set, Tensor_data(input) + i * (int64_t)Tensor_itemsize(input));
    inv[i] = node < 0 ? 0 : position[node];
    if (cnt != NULL && node >= 0) cnt[position[node]]++;
  }
}

/* PyTorch 1.13: aten/src/ATen/native/Unique.cpp unique_cpu_template */
static TensorTuple3 unique_cpu_template(const Tensor* self, bool sorted, bool return_inverse, bool return_counts) {
  TensorTuple3 r = {{NULL, NULL, NULL}};
  Tensor *input = NULL, *output = NULL, *inverse = NULL, *counts = NULL;
  SortItem* items = NULL;
  int64_t* position = NULL;
  StlHashSet set;
  bool have_set = false;
  ScalarType t = self->dtype;
  TORCH_CHECK(!ScalarType_isComplex(t) && t != ScalarType_Half, "\"unique\" not implemented for '%s'",
              ScalarType_name(t));
  input = at_contiguous(self, MemoryFormat_Contiguous);
  TRY(input != NULL);
  int64_t zero = 0;
  inverse = at_empty_memory_format(IntArrayRef_make(&zero, 1), (OptionalScalarType){true, ScalarType_Long},
                                   (OptionalLayout){false, 0}, (OptionalDevice){true, self->device},
                                   (OptionalBool){false, false}, (OptionalMemoryFormat){false, 0});
  TRY(inverse != NULL);
  counts = at_empty_memory_format(IntArrayRef_make(&zero, 1), (OptionalScalarType){true, ScalarType_Long},
                                  (OptionalLayout){false, 0}, (OptionalDevice){true, self->device},
                                  (OptionalBool){false, false}, (OptionalMemoryFormat){false, 0});
  TRY(counts != NULL);
  int64_t n = input->numel;
  TRY(StlHashSet_build(&set, t, Tensor_data(input), n) == 0);
  have_set = true;
  int64_t m = (int64_t)set.count;
  output = at_empty_memory_format(IntArrayRef_make(&m, 1), (OptionalScalarType){true, t}, (OptionalLayout){false, 0},
                                  (OptionalDevice){true, self->device}, (OptionalBool){false, false},
                                  (OptionalMemoryFormat){false, 0});
  TRY(output != NULL);
  /* the set in iteration order */
  items = malloc(((size_t)m + 1) * sizeof *items);
  TORCH_CHECK(items != NULL, "minaten: out of memory in _unique");
  int64_t j = 0;
  for (int64_t p = set.next[set.before]; p != -1; p = set.next[p]) {
    items[j] = set.key[p];
    items[j++].index = p;
  }
  /* a bool self comes out false before true whatever `sorted` says (1.13's
   * own bool path: measured, every order of 2 to 5000 bools) */
  if (sorted || t == ScalarType_Bool) {
    if (set.floating) stl_sort_unique_float(items, items + m);
    else stl_sort_unique_int(items, items + m);
  }
  size_t size = Tensor_itemsize(output);
  for (j = 0; j < m; j++) {
    char* dst = Tensor_data(output) + j * (int64_t)size;
    if (set.floating) store_from_double(t, dst, items[j].key.f);
    else store_from_int64(t, dst, items[j].key.i);
  }
  if (return_inverse || return_counts) {
    /* inverse_indices.resize_(input.sizes()): a fresh tensor of self's shape */
    Tensor_release(inverse);
    inverse = empty_cpu(Tensor_sizes(self), ScalarType_Long);
    TRY(inverse != NULL);
    if (return_counts) {
      Tensor_release(counts);
      TRY((counts = empty_cpu(IntArrayRef_make(&m, 1), ScalarType_Long)) != NULL);
    }
    /* inverse_map[output[j]] = j: node -> position in output */
    position = malloc(((size_t)m + 1) * sizeof *position);
    TORCH_CHECK(position != NULL, "minaten: out of memory in _unique");
    for (j = 0; j < m; j++) position[items[j].index] = j;
    unique_inverse_counts(&set, input, position, m, inverse, return_counts ? counts : NULL);
  }
  r.items[0] = output;
  r.items[1] = inverse;
  r.items[2] = counts;
  output = inverse = counts = NULL;
fail:
  free(items);
  free(position);
  if (have_set) StlHashSet_free(&set);
  Tensor_release(input);
  Tensor_release(output);
  Tensor_release(inverse);
  Tensor_release(counts);
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/Unique.cpp _unique_cpu */
TensorTuple2 at_native__unique_cpu(const Tensor* self, bool sorted, bool return_inverse) {
  TensorTuple3 r = unique_cpu_template(self, sorted, return_inverse, false);
  Tensor_release(r.items[2]);
  return (TensorTuple2){{r.items[0], r.items[1]}};
}

/* PyTorch 1.13: aten/src/ATen/native/Unique.cpp _unique2_cpu */
TensorTuple3 at_native__unique2_cpu(const Tensor* self, bool sorted, bool return_inverse, bool return_counts) {
  return unique_cpu_template(self, sorted, return_inverse, return_counts);
}
