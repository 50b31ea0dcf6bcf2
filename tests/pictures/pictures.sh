#!/bin/sh
# pictures.sh - the pictures of docs/pictures/, regenerated and checked.
#
#   tests/pictures/pictures.sh MINATEN SOURCE_DIR SCRATCH [--update] [NAME...]
#
# Each picture NAME is made by the command in docs/pictures/NAME.sh (run
# with $MINATEN the minaten binary and $OUT the .dot file to write); its
# DOT is committed as docs/pictures/NAME.dot and its rendering as NAME.svg.
# Without --update (the test, label pictures): the command's DOT must be
# identical to the committed NAME.dot, `dot -Tsvg` must render it without a
# word on stderr, and it must contain each `# must: TEXT` line of NAME.sh.
# With --update (`cmake --build build --target pictures`): writes NAME.dot
# and NAME.svg anew.
set -u
MINATEN=$1 SRC=$2 SCRATCH=$3
shift 3
update=0
if [ "${1:-}" = --update ]; then update=1; shift; fi
names="$*"
[ -n "$names" ] || names=$(cd "$SRC/docs/pictures" && ls *.sh | sed 's/\.sh$//')
command -v dot >/dev/null || { echo "pictures: needs Graphviz's dot: apt-get install graphviz"; exit 1; }
mkdir -p "$SCRATCH"
status=0
for name in $names; do
  script=$SRC/docs/pictures/$name.sh
  OUT=$SCRATCH/$name.dot
  rm -f "$OUT"
  (cd "$SRC" && MINATEN=$MINATEN OUT=$OUT sh "$script") || { echo "$name: $script failed"; status=1; continue; }
  if [ $update = 1 ]; then
    cp "$OUT" "$SRC/docs/pictures/$name.dot"
    dot -Tsvg "$OUT" -o "$SRC/docs/pictures/$name.svg" || status=1
    echo "pictures: docs/pictures/$name.dot and $name.svg"
    continue
  fi
  if ! cmp -s "$OUT" "$SRC/docs/pictures/$name.dot"; then
    echo "$name: the DOT differs from docs/pictures/$name.dot (cmake --build build --target pictures remakes it):"
    diff "$SRC/docs/pictures/$name.dot" "$OUT" | head -20
    status=1
  fi
  if ! dot -Tsvg "$OUT" -o "$SCRATCH/$name.svg" 2>"$SCRATCH/$name.err" || [ -s "$SCRATCH/$name.err" ]; then
    echo "$name: dot -Tsvg fails or warns:"
    cat "$SCRATCH/$name.err"
    status=1
  fi
  grep '^# must: ' "$script" | sed 's/^# must: //' | while IFS= read -r word; do
    grep -qF -- "$word" "$OUT" || { echo "$name: does not name $word"; echo x >>"$SCRATCH/$name.missing"; }
  done
  [ -e "$SCRATCH/$name.missing" ] && { rm -f "$SCRATCH/$name.missing"; status=1; }
  [ $status = 0 ] && echo "$name: ok"
done
exit $status
