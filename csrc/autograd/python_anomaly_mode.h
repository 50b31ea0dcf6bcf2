/*
 * python_anomaly_mode.h - anomaly mode's Python half: the traceback each
 * node keeps in its metadata dict, the warnings that print it, and the
 * functions torch.autograd.detect_anomaly calls (torch.is_anomaly_enabled,
 * torch.set_anomaly_enabled, torch.is_anomaly_check_nan_enabled).
 * See autograd/anomaly_mode.h for the mode itself.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_anomaly_mode.h, .cpp
 * (PyAnomalyMetadata), torch/csrc/autograd/init.cpp (set_anomaly_enabled,
 * is_anomaly_enabled, is_anomaly_check_nan_enabled)
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_ANOMALY_MODE_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_ANOMALY_MODE_H

#include "csrc/python_headers.h"

/* Installs the hooks of autograd/anomaly_mode.h and adds the functions to
 * module: 0, or -1. */
int THPAnomalyMode_init(PyObject* module);

#endif
