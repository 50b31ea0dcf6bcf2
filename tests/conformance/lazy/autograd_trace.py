# what a TorchDispatchMode sees of a lazy tensor's forward and backward
a = torch.ones(2, 3).to("lazy").requires_grad_()
trace_on()
b = a.exp()
c = (b * a).sum()
c.backward()
trace_off()
lazy_ir(a.grad)
print(a.grad.cpu())
