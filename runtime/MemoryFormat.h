/*
 * MemoryFormat.h - memory formats and layouts as the schema names them.
 * PyTorch 1.13: c10/core/MemoryFormat.h, c10/core/Layout.h
 */
#ifndef MINATEN_RUNTIME_MEMORYFORMAT_H
#define MINATEN_RUNTIME_MEMORYFORMAT_H

typedef enum MemoryFormat {
  MemoryFormat_Contiguous = 0, /* torch.contiguous_format */
  MemoryFormat_Preserve = 1,   /* torch.preserve_format */
} MemoryFormat;

typedef enum Layout {
  Layout_Strided = 0, /* torch.strided */
} Layout;

#endif
