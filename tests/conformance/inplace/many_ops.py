# in-place variants of operators with a formula: grad_fn names (the
# functional entry's node, or the in-place entry's own: zero_) and
# gradients (fill_ left out: 1.13 numbers it FillBackward2 after fill.Scalar
# and fill.Tensor, which minaten does not have)
import torch
x = torch.tensor([0.5, 1.5, 2.5], requires_grad=True)
def done(y):
    print(y.grad_fn.name(), y._version)
    y.sum().backward()
    print(x.grad)
    x.grad = None
y = x * 1
y.sub_(x, alpha=3)
done(y)
y = x * 1
y.div_(x + 1)
done(y)
y = x * 1
y.div_(2)
done(y)
y = x * 1
y.mul_(2.5)
done(y)
y = x * 1
y.clamp_(1, 2)
done(y)
y = x * 1
y.sigmoid_()
done(y)
y = x * 1
y.tanh_()
done(y)
y = x * 1
y.relu_()
done(y)
y = x * 1
y.sqrt_()
done(y)
y = x * 1
y.log_()
done(y)
y = x * 1
y.abs_()
done(y)
y = x * 1
y.zero_()
done(y)
y = x * 1
y.floor_()
done(y)
