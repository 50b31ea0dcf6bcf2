/*
 * Device.h - torch.device: a device type and index (runtime/Device.h) as a
 * Python value, compared and hashed by value.
 *
 * PyTorch 1.13: torch/csrc/Device.h (THPDevice)
 */
#ifndef MINATEN_CSRC_DEVICE_H
#define MINATEN_CSRC_DEVICE_H

#include "csrc/python_headers.h"

#include "runtime/Device.h"

typedef struct THPDevice {
  PyObject_HEAD
  Device device;
} THPDevice;

extern PyTypeObject THPDeviceType;

static inline int THPDevice_Check(PyObject* obj) { return Py_IS_TYPE(obj, &THPDeviceType); }
/* A new torch.device; NULL with a Python exception set. */
PyObject* THPDevice_New(Device d);
int THPDevice_init(PyObject* module);

#endif
