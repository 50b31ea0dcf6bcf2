# A two-layer network trained on a small synthetic dataset with nothing but
# tensors, autograd and torch.nn.functional: the same script runs under
# PyTorch 1.13 and under minaten, and prints the same loss curve, bit for bit
# (its expected output, two_layer_net.out, was recorded from 1.13 by
# tools/oracle/record.py; ctest runs it as conformance.examples.two_layer_net).
#
#     build/minaten run examples/two_layer_net.py
#
# Each step runs linear (addmm), relu, cross_entropy (log_softmax, nll_loss)
# forward, their derivatives backward, and an SGD update under no_grad();
# tools/bench/train_step.py times one step beside 1.13's.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
# the data: 256 points in 2-D, labelled by which of three rings they fall in
x = torch.randn(256, 2)
r = x.pow(2).sum(1)
y = (r > 0.6).long() + (r > 1.8).long()

# the parameters of a 2 -> 32 -> 3 network
w1 = (torch.randn(32, 2) * 0.5).requires_grad_()
b1 = torch.zeros(32, requires_grad=True)
w2 = (torch.randn(3, 32) * 0.2).requires_grad_()
b2 = torch.zeros(3, requires_grad=True)
params = [w1, b1, w2, b2]

lr = 0.5
for step in range(101):
    hidden = F.relu(F.linear(x, w1, b1))
    logits = F.linear(hidden, w2, b2)
    loss = F.cross_entropy(logits, y)
    for p in params:
        p.grad = None
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
    if step % 10 == 0:
        accuracy = (logits.argmax(1) == y).float().mean()
        print(f"step {step:3d}  loss {loss.item()!r:<20}  accuracy {accuracy.item():.4f}")
