# anomaly mode's NaN check: a node whose output holds NaN fails with 1.13's message; check_nan=False lets it through; the flags restored on exit
x = torch.tensor([0., 1.], requires_grad=True)
torch.autograd.set_detect_anomaly(True)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
(x.log() * 0).sum().backward()
print(x.grad)
c = torch.tensor([-1., 4.], requires_grad=True)
c.sqrt().sum().backward()
print(c.grad)
torch.autograd.grad((x.log() * 0).sum(), x)
torch.autograd.set_detect_anomaly(False)
(x.log() * 0).sum().backward()
print(x.grad)
with torch.autograd.set_detect_anomaly(True, check_nan=False):
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    x.grad = None
    (x.log() * 0).sum().backward()
    print(x.grad)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())

class NanBack(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 1

    @staticmethod
    def backward(ctx, g):
        return g * float("nan")

with torch.autograd.set_detect_anomaly(True):
    NanBack.apply(x).sum().backward()
with torch.autograd.detect_anomaly(check_nan=False):
    x.grad = None
    NanBack.apply(x).sum().backward()
    print(x.grad)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
torch.set_anomaly_enabled(True)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
torch.set_anomaly_enabled(False)
