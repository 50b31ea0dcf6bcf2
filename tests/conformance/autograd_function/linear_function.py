# the tutorial's LinearFunction: save_for_backward of inputs (one of them None), needs_input_grad deciding which gradients to compute, gradients of a non-leaf input
class LinearFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        print("needs_input_grad", ctx.needs_input_grad, "bias", bias is None)
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias

inp = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
w = torch.tensor([[0.5, -1., 2.], [1., 0., -0.5]], requires_grad=True)
b = torch.tensor([0.25, -0.25], requires_grad=True)
out = LinearFunction.apply(inp, w, b)
print(out, out.grad_fn.needs_input_grad)
print([(f.name(), n) for f, n in out.grad_fn.next_functions])
out.sum().backward()
print(inp.grad, w.grad, b.grad)
out2 = LinearFunction.apply(inp, w)
print(out2.grad_fn.needs_input_grad, len(out2.grad_fn.next_functions), [t is None for t in out2.grad_fn.saved_tensors])
out2.pow(2).sum().backward()
print(inp.grad, w.grad)
frozen = w.detach()
h = inp * 2
out3 = LinearFunction.apply(h, frozen, b)
print(out3.grad_fn.needs_input_grad, [(f.name() if f is not None else None, n) for f, n in out3.grad_fn.next_functions])
print(torch.autograd.grad(out3.sum(), [inp, b]))
