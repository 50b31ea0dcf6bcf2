/*
 * StlAlgorithms.h - the algorithms of libstdc++ (GCC 12's <bits/stl_algo.h>
 * and <bits/stl_heap.h>) that 1.13's sort and topk call, written out in C
 * over an array of SortItem (a key and its index along the row, defined
 * here), once per comparator: included by SortingKernel.c (and
 * ops/Unique.c) with
 *
 *   STL_SUFFIX         the comparator's name: the functions are
 *                      stl_sort_<suffix>, stl_partial_sort_<suffix>, ...
 *   STL_LESS(x, y)     the comparator on two SortItem pointers
 *   STL_LESS_BRANCH_FREE(x, y)  the same comparator written without
 *                      branches (for the stable sort's merge)
 *
 * Why written out step for step: std::sort and std::nth_element are not
 * stable, and which of two equal keys comes first (the index 1.13 returns)
 * is whatever their steps leave.  Doing the same steps (introsort with a
 * median-of-three pivot and a final insertion sort; heap selection; the
 * same depth limit 2 * floor(log2 n) and threshold 16) gives 1.13's order
 * of ties.  std::stable_sort's order is fixed by the comparator alone, so
 * any stable sort gives it: here, a merge sort.
 *
 * PyTorch 1.13: native/cpu/SortingKernel.cpp (std::sort, std::stable_sort),
 * native/TopKImpl.h (std::partial_sort, std::nth_element, std::sort)
 */
#include <stdbool.h>
#include <stdint.h>

#define STL_CAT2(a, b) a##_##b
#define STL_CAT(a, b) STL_CAT2(a, b)
#define FN(name) STL_CAT(name, STL_SUFFIX)

#ifndef MINATEN_STL_THRESHOLD
#define MINATEN_STL_THRESHOLD
enum { kStlThreshold = 16 }; /* libstdc++'s _S_threshold */

/* What the algorithms order: a value (a double for the floating dtypes, an
 * int64 for the others, both exact) and its index along the row. */
typedef struct SortItem {
  union {
    double f;
    int64_t i;
  } key;
  int64_t index;
} SortItem;
#endif

static inline void FN(stl_swap)(SortItem* a, SortItem* b) {
  SortItem t = *a;
  *a = *b;
  *b = t;
}

/* std::__unguarded_linear_insert: moves *last down past the larger items
 * before it; an item not larger than it stops the walk (one is known to
 * be there). */
static inline void FN(stl_unguarded_linear_insert)(SortItem* last) {
  SortItem val = *last;
  SortItem* next = last - 1;
  while (STL_LESS(&val, next)) {
    *last = *next;
    last = next;
    next--;
  }
  *last = val;
}

/* std::__insertion_sort */
static void FN(stl_insertion_sort)(SortItem* first, SortItem* last) {
  if (first == last) return;
  for (SortItem* i = first + 1; i != last; i++) {
    if (STL_LESS(i, first)) { /* the smallest so far: everything moves up one */
      SortItem val = *i;
      for (SortItem* p = i; p != first; p--) *p = *(p - 1);
      *first = val;
    } else {
      FN(stl_unguarded_linear_insert)(i);
    }
  }
}

/* std::__final_insertion_sort: the first 16 guarded, the rest unguarded
 * (introsort left the smallest items among the first 16). */
static void FN(stl_final_insertion_sort)(SortItem* first, SortItem* last) {
  if (last - first > kStlThreshold) {
    FN(stl_insertion_sort)(first, first + kStlThreshold);
    for (SortItem* i = first + kStlThreshold; i != last; i++) FN(stl_unguarded_linear_insert)(i);
  } else {
    FN(stl_insertion_sort)(first, last);
  }
}

/* std::__push_heap: the item value moves up from hole towards top. */
static void FN(stl_push_heap)(SortItem* first, int64_t hole, int64_t top, SortItem value) {
  int64_t parent = (hole - 1) / 2;
  while (hole > top && STL_LESS(first + parent, &value)) {
    first[hole] = first[parent];
    hole = parent;
    parent = (hole - 1) / 2;
  }
  first[hole] = value;
}

/* std::__adjust_heap: the hole walks down to a leaf by the larger child,
 * then value is pushed up from there. */
static void FN(stl_adjust_heap)(SortItem* first, int64_t hole, int64_t len, SortItem value) {
  int64_t top = hole, child = hole;
  while (child < (len - 1) / 2) {
    child = 2 * (child + 1);
    if (STL_LESS(first + child, first + (child - 1))) child--;
    first[hole] = first[child];
    hole = child;
  }
  if ((len & 1) == 0 && child == (len - 2) / 2) {
    child = 2 * (child + 1);
    first[hole] = first[child - 1];
    hole = child - 1;
  }
  FN(stl_push_heap)(first, hole, top, value);
}

/* std::__make_heap */
static void FN(stl_make_heap)(SortItem* first, SortItem* last) {
  int64_t len = last - first;
  if (len < 2) return;
  for (int64_t parent = (len - 2) / 2;; parent--) {
    FN(stl_adjust_heap)(first, parent, len, first[parent]);
    if (parent == 0) return;
  }
}

/* std::__pop_heap: the heap's top goes to *result, *result's item into the heap. */
static inline void FN(stl_pop_heap)(SortItem* first, SortItem* last, SortItem* result) {
  SortItem value = *result;
  *result = *first;
  FN(stl_adjust_heap)(first, 0, last - first, value);
}

/* std::__heap_select: [first, middle) becomes a heap of the smallest items. */
static void FN(stl_heap_select)(SortItem* first, SortItem* middle, SortItem* last) {
  FN(stl_make_heap)(first, middle);
  for (SortItem* i = middle; i < last; i++)
    if (STL_LESS(i, first)) FN(stl_pop_heap)(first, middle, i);
}

/* std::__sort_heap */
static void FN(stl_sort_heap)(SortItem* first, SortItem* last) {
  while (last - first > 1) {
    last--;
    FN(stl_pop_heap)(first, last, last);
  }
}

/* std::partial_sort: the smallest middle - first items, in order, first. */
static void FN(stl_partial_sort)(SortItem* first, SortItem* middle, SortItem* last) {
  FN(stl_heap_select)(first, middle, last);
  FN(stl_sort_heap)(first, middle);
}

/* std::__move_median_to_first: the median of *a, *b, *c swapped into *result. */
static void FN(stl_move_median_to_first)(SortItem* result, SortItem* a, SortItem* b, SortItem* c) {
  if (STL_LESS(a, b)) {
    if (STL_LESS(b, c)) FN(stl_swap)(result, b);
    else if (STL_LESS(a, c)) FN(stl_swap)(result, c);
    else FN(stl_swap)(result, a);
  } else if (STL_LESS(a, c)) {
    FN(stl_swap)(result, a);
  } else if (STL_LESS(b, c)) {
    FN(stl_swap)(result, c);
  } else {
    FN(stl_swap)(result, b);
  }
}

/* std::__unguarded_partition_pivot: the median of the second, middle and
 * last items as the pivot (moved to *first), then Hoare's partition of
 * the rest around it; returns where the upper part starts. */
static SortItem* FN(stl_partition_pivot)(SortItem* first, SortItem* last) {
  SortItem* mid = first + (last - first) / 2;
  FN(stl_move_median_to_first)(first, first + 1, mid, last - 1);
  SortItem *lo = first + 1, *hi = last;
  for (;;) {
    while (STL_LESS(lo, first)) lo++;
    hi--;
    while (STL_LESS(first, hi)) hi--;
    if (!(lo < hi)) return lo;
    FN(stl_swap)(lo, hi);
    lo++;
  }
}

/* floor(log2(n)), n > 0: std::__lg */
static inline int64_t FN(stl_lg)(int64_t n) { return 63 - __builtin_clzll((unsigned long long)n); }

/* std::__introsort_loop: quicksort down to pieces of 16 or fewer, heap
 * sort once depth_limit partitions did not get there. */
static void FN(stl_introsort_loop)(SortItem* first, SortItem* last, int64_t depth_limit) {
  while (last - first > kStlThreshold) {
    if (depth_limit == 0) {
      FN(stl_partial_sort)(first, last, last);
      return;
    }
    depth_limit--;
    SortItem* cut = FN(stl_partition_pivot)(first, last);
    FN(stl_introsort_loop)(cut, last, depth_limit);
    last = cut;
  }
}

/* std::sort */
static void FN(stl_sort)(SortItem* first, SortItem* last) {
  if (first == last) return;
  FN(stl_introsort_loop)(first, last, FN(stl_lg)(last - first) * 2);
  FN(stl_final_insertion_sort)(first, last);
}

/* std::nth_element: *nth is the item sorted order puts there, none after
 * it less, none before it greater (std::__introselect). */
static void FN(stl_nth_element)(SortItem* first, SortItem* nth, SortItem* last) {
  if (first == last || nth == last) return;
  int64_t depth_limit = FN(stl_lg)(last - first) * 2;
  while (last - first > 3) {
    if (depth_limit == 0) {
      FN(stl_heap_select)(first, nth + 1, last);
      FN(stl_swap)(first, nth);
      return;
    }
    depth_limit--;
    SortItem* cut = FN(stl_partition_pivot)(first, last);
    if (cut <= nth) first = cut;
    else last = cut;
  }
  FN(stl_insertion_sort)(first, last);
}

/* The runs [a, a_end) and [b, b_end) merged into out, equal items taking
 * the left run's first. */
static void FN(stl_merge)(const SortItem* a, const SortItem* a_end, const SortItem* b, const SortItem* b_end,
                          SortItem* out) {
  while (a < a_end && b < b_end) { /* without a branch on the comparison: random data mispredicts it */
    int64_t take_b = STL_LESS_BRANCH_FREE(b, a);
    *out++ = a[(b - a) * take_b]; /* *b or *a (one array: a and b are runs of it) */
    b += take_b;
    a += 1 - take_b;
  }
  while (a < a_end) *out++ = *a++;
  while (b < b_end) *out++ = *b++;
}

/* std::stable_sort's order (fixed by the comparator alone), by a
 * bottom-up merge sort: runs of 16 by insertion sort (stable: equal items
 * never pass each other), then runs of twice the length merged from one
 * array into the other (first to buf, n items, then back...), the result
 * copied home if it ends in buf. */
static void FN(stl_stable_sort)(SortItem* first, SortItem* last, SortItem* buf) {
  int64_t n = last - first;
  for (int64_t i = 0; i < n; i += kStlThreshold)
    FN(stl_insertion_sort)(first + i, first + (n - i < kStlThreshold ? n : i + kStlThreshold));
  SortItem *src = first, *dst = buf;
  for (int64_t width = kStlThreshold; width < n; width *= 2) {
    for (int64_t i = 0; i < n; i += 2 * width) {
      int64_t mid = n - i < width ? n : i + width, end = n - i < 2 * width ? n : i + 2 * width;
      FN(stl_merge)(src + i, src + mid, src + mid, src + end, dst + i);
    }
    SortItem* t = src;
    src = dst;
    dst = t;
  }
  if (src != first)
    for (int64_t i = 0; i < n; i++) first[i] = src[i];
}

#undef FN
#undef STL_CAT
#undef STL_CAT2
