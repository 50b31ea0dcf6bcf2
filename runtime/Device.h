/*
 * Device.h - where a tensor lives: `cpu` or `lazy:0`.
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
} DeviceType;

typedef struct Device {
  DeviceType type;
  int32_t index; /* -1: no index (`cpu`); the lazy device is `lazy:0` */
} Device;

static inline Device Device_cpu(void) {
  Device d = {DeviceType_CPU, -1};
  return d;
}

/* Prints as PyTorch's str(device): "cpu", "lazy:0". Returns buf. */
const char* Device_format(Device d, char* buf, size_t buf_size);

/* Parses a device string ("cpu", "lazy", "lazy:0").  Returns 0, or -1 with
 * PyTorch's RuntimeError for an unknown device type.
 * PyTorch 1.13: c10/core/Device.cpp Device::Device(const std::string&) */
int Device_parse(const char* s, Device* out);

#endif
