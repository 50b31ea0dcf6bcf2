#!/bin/sh
# A YAML file nested 100,000 deep (`- ` then 100,000 `[` and as many `]`)
# is refused at once with `file:line:col` by every reader of YAML: the code
# generator (native_functions.yaml, and derivatives.yaml whose entries are
# `- name:`) and `minaten --yaml`.  libyaml builds such a document in time
# quadratic in the depth (20 s for 50,000 in Release); see Note [Nesting
# depth of a YAML file] in tools/codegen/model.c.
# Usage: run_deep_nesting.sh CODEGEN MINATEN SCRATCH
set -u
codegen=$1 minaten=$2 scratch=$3
mkdir -p "$scratch" && cd "$scratch" || exit 1
status=0
# brackets N C: N copies of C
brackets() { awk -v n="$1" -v c="$2" 'BEGIN { s = ""; for (i = 0; i < n; i++) s = s c; printf "%s", s }'; }
{ printf -- '- '; brackets 100000 '['; brackets 100000 ']'; echo; } >deep.yaml
{ printf -- '- name: foo(Tensor self) -> Tensor\n  self: '; brackets 100000 '['; brackets 100000 ']'; echo; } >deep_derivatives.yaml
want_deep='deep.yaml:1:66: collections nested more than 64 deep (minaten'"'"'s YAML nests 3 deep: an entry, its dispatch, a key)'
want_derivatives='deep_derivatives.yaml:2:71: collections nested more than 64 deep (minaten'"'"'s YAML nests 3 deep: an entry, its dispatch, a key)'
# check WANT COMMAND...: exit status 1 within 10 s, WANT as the first line of stderr
check() {
  want=$1
  shift
  timeout 10 "$@" >/dev/null 2>err.txt
  rc=$?
  got=$(head -n 1 err.txt)
  if [ $rc -ne 1 ] || [ "$got" != "$want" ]; then
    printf 'FAIL: %s\n  exit status %s (124: not done after 10 s)\n  want: %s\n  got:  %s\n' "$*" "$rc" "$want" "$got"
    status=1
  fi
}
check "$want_deep" "$codegen" --output-dir gen deep.yaml
check "$want_derivatives" "$codegen" --output-dir gen deep_derivatives.yaml
check "$want_deep" "$minaten" --yaml deep.yaml -c 'print("ran")'
[ -e gen ] && { echo "FAIL: the code generator wrote its output"; status=1; }
[ $status -eq 0 ] && echo "ok: refused at once by the code generator and minaten --yaml"
exit $status
