/*
 * Device.c - device names.  PyTorch 1.13: c10/core/Device.cpp, DeviceType.cpp
 */
#include "runtime/Device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"

const char* DeviceType_name(DeviceType t) {
  return t == DeviceType_CPU ? "cpu" : t == DeviceType_Lazy ? "lazy" : "meta";
}

const char* DeviceType_upperName(DeviceType t) {
  return t == DeviceType_CPU ? "CPU" : t == DeviceType_Lazy ? "Lazy" : "Meta";
}

const char* Device_format(Device d, char* buf, size_t buf_size) {
  const char* name = DeviceType_name(d.type);
  if (d.index >= 0)
    snprintf(buf, buf_size, "%s:%d", name, (int)d.index);
  else
    snprintf(buf, buf_size, "%s", name);
  return buf;
}

int Device_parse(const char* s, Device* out) {
  const char* colon = strchr(s, ':');
  size_t n = colon ? (size_t)(colon - s) : strlen(s);
  int32_t index = -1;
  if (colon) {
    char* end = NULL;
    long v = strtol(colon + 1, &end, 10);
    if (colon[1] == '\0' || *end != '\0' || v < 0 || v > 127) {
      Error_set(ErrorType_RuntimeError, "Invalid device string: '%s'", s);
      return -1;
    }
    index = (int32_t)v;
  }
  if (n == 3 && strncmp(s, "cpu", 3) == 0) {
    out->type = DeviceType_CPU;
  } else if (n == 4 && strncmp(s, "lazy", 4) == 0) {
    out->type = DeviceType_Lazy;
    if (index < 0) index = 0;
  } else if (n == 4 && strncmp(s, "meta", 4) == 0) {
    out->type = DeviceType_Meta;
  } else {
    Error_set(ErrorType_RuntimeError,
              "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, "
              "fpga, ort, xla, lazy, vulkan, mps, meta, hpu, privateuseone device type at start of "
              "device string: %s",
              s);
    return -1;
  }
  out->index = index;
  return 0;
}
