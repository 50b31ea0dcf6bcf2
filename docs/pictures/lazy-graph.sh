# A lazy tensor's IR graph: views of a lazy tensor become *_copy nodes.
# must: lazy_tensors::device_data
# must: aten::view_copy
# must: aten::transpose_copy
# must: aten::mul
# must: ROOT=0
# must: i=1
"$MINATEN" lazy-graph -c "a = torch.arange(6.).to('lazy')" -o "$OUT" \
  'a.view(2, 3).transpose(0, 1).reshape(6) * 2'
