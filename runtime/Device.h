/*
 * Device.h - where a tensor lives: `cpu`, `lazy:0`, or `meta` (nowhere: a
 * meta tensor has no data).
 * PyTorch 1.13: c10/core/Device.h, c10/core/DeviceType.h
 */
#ifndef MINATEN_RUNTIME_DEVICE_H
#define MINATEN_RUNTIME_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum DeviceType {
  DeviceType_CPU = 0,
  DeviceType_Lazy = 1,
  DeviceType_Meta = 2,
} DeviceType;

typedef struct Device {
  DeviceType type;
  int32_t index; /* -1: no index (`cpu`); the lazy device is `lazy:0` */
} Device;

static inline Device Device_cpu(void) {
  Device d = {DeviceType_CPU, -1};
  return d;
}

/* PyTorch 1.13: c10/core/Device.h Device::operator== */
static inline bool Device_equal(Device a, Device b) { return a.type == b.type && a.index == b.index; }

/* "cpu", "lazy", "meta".  PyTorch 1.13: c10/core/DeviceType.cpp DeviceTypeName (lower case) */
const char* DeviceType_name(DeviceType t);
/* "CPU", "Lazy", "Meta".  PyTorch 1.13: c10/core/DeviceType.cpp DeviceTypeName */
const char* DeviceType_upperName(DeviceType t);

/* Prints as PyTorch's str(device): "cpu", "lazy:0", "meta". Returns buf. */
const char* Device_format(Device d, char* buf, size_t buf_size);

/* Parses a device string ("cpu", "lazy", "lazy:0", "meta").  Returns 0, or -1 with
 * PyTorch's RuntimeError for an unknown device type.
 * PyTorch 1.13: c10/core/Device.cpp Device::Device(const std::string&) */
int Device_parse(const char* s, Device* out);

#endif
