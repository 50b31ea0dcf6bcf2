/*
 * MemoryFormat.h - memory formats and layouts as the schema names them.
 * PyTorch 1.13: c10/core/MemoryFormat.h, c10/core/Layout.h
 */
#ifndef MINATEN_RUNTIME_MEMORYFORMAT_H
#define MINATEN_RUNTIME_MEMORYFORMAT_H

/* c10::MemoryFormat, in its order.  The channels-last formats lay a 4-D
 * (5-D) NCHW (NCDHW) tensor out with C innermost: NHWC (NDHWC). */
typedef enum MemoryFormat {
  MemoryFormat_Contiguous = 0,     /* torch.contiguous_format */
  MemoryFormat_Preserve = 1,       /* torch.preserve_format */
  MemoryFormat_ChannelsLast = 2,   /* torch.channels_last */
  MemoryFormat_ChannelsLast3d = 3, /* torch.channels_last_3d */
} MemoryFormat;

typedef enum Layout {
  Layout_Strided = 0, /* torch.strided */
} Layout;

#endif
