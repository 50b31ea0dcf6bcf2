"""torch.autograd.detect_anomaly and set_detect_anomaly: anomaly detection
for the autograd engine (autograd/anomaly_mode.h).

While it is on, each backward node keeps the traceback of the forward
call that made it, a node that fails in backward warns with that
traceback ("Error detected in MulBackward0. Traceback of forward call that
caused the error: ..."), and with check_nan a node returning NaN fails
("Function 'LogBackward0' returned nan values in its 0th output.").

PyTorch 1.13: torch/autograd/anomaly_mode.py
"""
import warnings
from typing import Any

import minaten as torch

__all__ = ["detect_anomaly", "set_detect_anomaly"]


class detect_anomaly(object):
    """Context manager that turns anomaly detection on (and warns so)."""

    def __init__(self, check_nan=True) -> None:
        self.prev = torch.is_anomaly_enabled()
        self.check_nan = check_nan
        self.prev_check_nan = torch.is_anomaly_check_nan_enabled()
        warnings.warn('Anomaly Detection has been enabled. '
                      'This mode will increase the runtime '
                      'and should only be enabled for debugging.', stacklevel=2)

    def __enter__(self) -> None:
        torch.set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *args: Any) -> None:
        torch.set_anomaly_enabled(self.prev, self.prev_check_nan)


class set_detect_anomaly(object):
    """Sets anomaly detection on or off, as a function or a context manager
    (which restores the previous setting)."""

    def __init__(self, mode: bool, check_nan: bool = True) -> None:
        self.prev = torch.is_anomaly_enabled()
        self.prev_check_nan = torch.is_anomaly_check_nan_enabled()
        torch.set_anomaly_enabled(mode, check_nan)

    def __enter__(self) -> None:
        pass

    def __exit__(self, *args: Any) -> None:
        torch.set_anomaly_enabled(self.prev, self.prev_check_nan)


detect_anomaly.__module__ = "torch.autograd.anomaly_mode"
set_detect_anomaly.__module__ = "torch.autograd.anomaly_mode"
