#!/usr/bin/python3
"""tools/bench/train_step.py - one training step of examples/two_layer_net.py
(forward, cross_entropy, backward, the SGD update), minaten against PyTorch
1.13 in the same python3 process (goal: at most 1.0x of 1.13's time).

    PYTHONPATH=build-release/python /usr/bin/python3 tools/bench/train_step.py [--rows]

Both modules run the same step on the same data (256 points, a 2 -> 32 -> 3
network) at one intra-op thread; each step is timed with timeit (the best of
15 repeats of 200 steps, per step), the repeats of the two modules
interleaved so that both see the same machine.  --rows prints the row of
tools/bench/compare (bench.h's format).  Use a Release build.
"""
import sys
import timeit

SIZES = (256, 2, 32, 3)


def make_step(torch):
    """A closure running one step of the example network on `torch`."""
    import importlib
    F = importlib.import_module(torch.__name__ + ".nn.functional")
    torch.set_num_threads(1)
    torch.manual_seed(0)
    n, d_in, hidden, classes = SIZES
    x = torch.randn(n, d_in)
    r = x.pow(2).sum(1)
    y = (r > 0.6).long() + (r > 1.8).long()
    params = [(torch.randn(hidden, d_in) * 0.5).requires_grad_(), torch.zeros(hidden, requires_grad=True),
              (torch.randn(classes, hidden) * 0.2).requires_grad_(), torch.zeros(classes, requires_grad=True)]
    w1, b1, w2, b2 = params

    def step():
        loss = F.cross_entropy(F.linear(F.relu(F.linear(x, w1, b1)), w2, b2), y)
        for p in params:
            p.grad = None
        loss.backward()
        with torch.no_grad():
            for p in params:
                p -= 0.01 * p.grad

    return step


def main():
    rows = "--rows" in sys.argv
    import minaten
    try:
        import torch
    except ImportError:
        torch = None
    steps = [make_step(m) for m in (minaten, torch) if m is not None]
    for s in steps:
        s()  # warm up
    best = [float("inf")] * len(steps)
    number = 200
    for _ in range(15):
        for i, s in enumerate(steps):
            best[i] = min(best[i], timeit.timeit(s, number=number) / number)
    ours = best[0] * 1e6
    theirs = best[1] * 1e6 if len(best) > 1 else -1
    measure = "python training step (2-layer net)"
    if rows:
        print("row\t%s\tus\t1\t%.6g\t%s\t%s\t%s" % (measure, ours, "%.6g" % theirs if theirs > 0 else "-",
                                                 "1.0x libtorch" if theirs > 0 else "-",
                                                 "%.6g" % theirs if theirs > 0 else "-"))
    else:
        ratio = "%.2fx" % (ours / theirs) if theirs > 0 else "-"
        print("%-36s minaten %8.1f us   torch 1.13 %8s us   ratio %s  (goal 1.0x)" % (
            measure, ours, "%.1f" % theirs if theirs > 0 else "-", ratio))
    return 0


if __name__ == "__main__":
    sys.exit(main())
