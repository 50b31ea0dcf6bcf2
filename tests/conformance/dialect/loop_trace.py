# the op trace of torch operators called inside loops and functions
a = torch.arange(6.).reshape(2, 3)
def scale(t, k=2):
    return t * k
trace_on()
for row in a:
    r = scale(row)
    s = r.sum()
total = torch.zeros(3)
for i in range(2):
    total += a[i]
acc = [x + 1 for x in a]
w = torch.where(a > 2, a, a * 0)
trace_off()
print(r, s, total, acc, w)
