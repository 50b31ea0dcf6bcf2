# a scalar -0.0 keeps its sign in the vector loops (a broadcast copies its
# bits): products, sums and quotients whose result is -0.0, on lengths that
# take whole vectors and the tail
for n in [3, 16, 21]:
    z = torch.zeros(n)
    o = torch.ones(n)
    print(n, o.mul(-0.0).tolist()[-2:], z.mul(-1.0).add(-0.0).tolist()[-2:], z.neg().sub(0.0).tolist()[-2:])
    print(n, z.neg().add(-0.0).tolist()[-2:], o.neg().mul(0.0).tolist()[-2:], z.neg().div(1.0).tolist()[-2:])
    print(n, torch.maximum(z.neg(), z.neg()).tolist()[-2:], z.neg().relu().tolist()[-2:], z.neg().clamp(min=-1.0).tolist()[-2:])
print(torch.ones(16).mul(-0.0))
