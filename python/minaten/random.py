"""torch.random: the default CPU generator's seed and state.

torch.manual_seed(s) seeds the default generator (torch.default_generator,
a torch.Generator made in C, csrc/Generator.c) and returns it; get_rng_state
and set_rng_state copy its 5056-byte state (runtime/CPUGeneratorImpl.h) out
and back.  minaten has no CUDA or MPS generators to seed along with it.

PyTorch 1.13: torch/random.py
"""
import contextlib

from minaten._C import default_generator


def set_rng_state(new_state):
    """Sets the random number generator state.  PyTorch 1.13: torch/random.py set_rng_state"""
    default_generator.set_state(new_state)


def get_rng_state():
    """Returns the random number generator state as a torch.ByteTensor.
    PyTorch 1.13: torch/random.py get_rng_state"""
    return default_generator.get_state()


def manual_seed(seed):
    """Sets the seed for generating random numbers.  Returns a
    torch.Generator object.  PyTorch 1.13: torch/random.py manual_seed"""
    seed = int(seed)
    return default_generator.manual_seed(seed)


def seed():
    """Sets the seed for generating random numbers to a non-deterministic
    random number.  Returns a 64 bit number used to seed the RNG.
    PyTorch 1.13: torch/random.py seed"""
    seed = default_generator.seed()
    return seed


def initial_seed():
    """Returns the initial seed for generating random numbers as a Python
    `long`.  PyTorch 1.13: torch/random.py initial_seed"""
    return default_generator.initial_seed()


@contextlib.contextmanager
def fork_rng(devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices"):
    """Forks the RNG, so that when you return, the RNG is reset to the state
    that it was previously in.  NB(minaten): no CUDA devices, so `devices`
    is only read as a list.  PyTorch 1.13: torch/random.py fork_rng"""
    if not enabled:
        yield
        return
    if devices is not None:
        devices = list(devices)
    cpu_rng_state = get_rng_state()
    try:
        yield
    finally:
        set_rng_state(cpu_rng_state)
