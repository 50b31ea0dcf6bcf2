# The backward graph behind a loss, as torchviz draws PyTorch's.
# must: SumBackward0
# must: MulBackward0
# must: AddBackward0
# must: AccumulateGrad
# must: (2, 3)
# must: darkolivegreen1
# must: lightblue
"$MINATEN" autograd-graph -o "$OUT" \
  -c 'x = torch.ones(2, 3, requires_grad=True); w = torch.ones(3, requires_grad=True); b = torch.zeros(3, requires_grad=True)' \
  '(x * w + b).sum()'
