#!/bin/sh
# `minaten --stats`: the allocator's counters on stderr at exit (and every N
# lines with --stats=N), its cache of freed large blocks among them
# (runtime/Allocator.h, Note [Keeping freed memory]):
#
#   - a loop that makes tensors of 400 KB, one size, reuses freed blocks:
#     cache hits, and a miss for each block the loop holds at once;
#   - tensors under 128 KiB never touch the cache: no hit, no miss;
#   - at exit every storage is freed and the cache emptied (bytes_live=0,
#     allocations = frees, bytes_cached=0);
#   - MINATEN_NO_CPU_MEMORY_CACHING=1 turns the cache off: no hit, no miss,
#     the same output;
#   - the resident set and its peak (VmRSS, VmHWM) are known, the peak never
#     below the resident set (they once came from two sources, and did).
#
# The cache is off in sanitizer builds (CACHE=off), where the first case
# expects what the last does.
# Usage: stats.sh path/to/minaten scratch-dir on|off
set -u
minaten=$1 scratch=$2 cache=$3
mkdir -p "$scratch" && cd "$scratch" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

# The value of field $1 in the stats line $2.
field() { echo "$2" | sed -n "s/.* $1=\(-\{0,1\}[0-9]*\).*/\1/p"; }

cat >large.py <<'PY'
x = torch.ones(100000)
for i in range(10):
    y = x + i
print(y.sum().item())
print('end')
PY
cat >small.py <<'PY'
x = torch.ones(1000)
for i in range(10):
    y = x + i
print(y.sum().item())
print('end')
PY

# run SCRIPT [ENV...]: runs minaten --stats=2 on SCRIPT; $out the output,
# $exit_line the stats line at exit, $sample the one before line 5 (the for
# block done: the cache holds what the loop freed).
run() {
  script=$1
  shift
  env "$@" "$minaten" --stats=2 run "$script" >out.txt 2>err.txt || fail "$script: exit status $?: $(cat err.txt)"
  out=$(cat out.txt)
  exit_line=$(grep '^minaten: stats at exit: ' err.txt)
  sample=$(grep '^minaten: stats at line 4: ' err.txt)
  [ -n "$exit_line" ] || fail "$script: no stats line at exit on stderr: $(cat err.txt)"
  [ -n "$sample" ] || fail "$script: no stats line at line 4 on stderr: $(cat err.txt)"
  for f in allocations frees bytes_live bytes_total rss_kb max_rss_kb cache_hits cache_misses bytes_cached; do
    [ -n "$(field $f "$exit_line")" ] || fail "$script: no $f= in: $exit_line"
  done
  # the resident set and its peak are read together: the peak is never below it
  for line in "$exit_line" "$sample"; do
    [ "$(field rss_kb "$line")" -gt 0 ] && [ "$(field max_rss_kb "$line")" -ge "$(field rss_kb "$line")" ] ||
      fail "$script: max_rss_kb below rss_kb (or unknown): $line"
  done
  [ "$(field allocations "$exit_line")" = "$(field frees "$exit_line")" ] || fail "$script: leaked: $exit_line"
  [ "$(field bytes_live "$exit_line")" = 0 ] || fail "$script: bytes live at exit: $exit_line"
  [ "$(field bytes_cached "$exit_line")" = 0 ] || fail "$script: the cache not emptied at exit: $exit_line"
}

run large.py
large_out=$out
hits=$(field cache_hits "$exit_line") misses=$(field cache_misses "$exit_line")
if [ "$cache" = on ]; then
  # 11 tensors of 400 KB (x and ten y); at most x, the old y and the new y
  # are held at once
  [ "$hits" -ge 8 ] || fail "large.py: expected 8 or more cache hits: $exit_line"
  [ "$misses" -ge 1 ] && [ "$misses" -le 3 ] || fail "large.py: expected 1 to 3 cache misses: $exit_line"
  [ "$(field bytes_cached "$sample")" -gt 0 ] || fail "large.py: nothing cached after the loop: $sample"
else
  [ "$hits" = 0 ] && [ "$misses" = 0 ] || fail "large.py: the cache is off in this build: $exit_line"
fi

run small.py
[ "$(field cache_hits "$exit_line")" = 0 ] && [ "$(field cache_misses "$exit_line")" = 0 ] ||
  fail "small.py: small blocks went through the cache: $exit_line"

run large.py MINATEN_NO_CPU_MEMORY_CACHING=1
[ "$(field cache_hits "$exit_line")" = 0 ] && [ "$(field cache_misses "$exit_line")" = 0 ] ||
  fail "large.py with MINATEN_NO_CPU_MEMORY_CACHING=1: the cache was used: $exit_line"
[ "$out" = "$large_out" ] || fail "large.py: the output depends on the cache: '$out' against '$large_out'"
[ "$out" = "1000000.0
end" ] || fail "large.py: printed '$out'"
echo ok
