# The dispatch path of torch.arange(24.).reshape(2, 3, 4): the picture of
# docs/pictures.md.  Run by tests/pictures/pictures.sh, with $MINATEN the
# minaten binary and $OUT the .dot file to write.
# must: aten::reshape
# must: aten::_reshape_alias
# must: at_native__reshape_alias
# must: AutogradCPU
# must: ADInplaceOrView
# must: fallthrough
# must: [math kernel]
# must: CompositeImplicitAutograd decomposition
"$MINATEN" --trace=dispatch --dot "$OUT" -c 'a = torch.arange(24.).reshape(2, 3, 4)' >/dev/null
