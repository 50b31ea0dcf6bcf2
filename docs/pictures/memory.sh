# A tensor and three views of its storage, drawn over it.
# must: storage 0
# must: a.t()
# must: stride (1, 4)
# must: offset 4
# must: 0,4
"$MINATEN" memory -c 'a = torch.arange(12.).reshape(3, 4)' -o "$OUT" \
  'a' 'a.t()' 'a[1:, ::2]' 'a[0].expand(2, 4)'
