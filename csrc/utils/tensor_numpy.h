/*
 * tensor_numpy.h - NumPy without linking NumPy: arrays to tensors sharing
 * their memory (torch.from_numpy), tensors to arrays sharing theirs
 * (t.numpy()), and NumPy's scalars recognised where 1.13 takes them as
 * Python numbers (np.int64(3) as a size, np.float32 in torch.tensor's data).
 *
 * 1.13 compiles against NumPy's C API (PyArray_Check, PyArray_New).  minaten
 * reads what every array tells Python instead: its type (numpy.ndarray,
 * numpy.integer, ... found in the numpy module once something imported it),
 * its dtype's number (dtype.num: NumPy's NPY_TYPES, what PyArray_TYPE
 * returns), its shape and strides, and its data pointer and read-only flag
 * (__array_interface__).  An array made from a tensor is made by NumPy from
 * an object exposing __array_interface__ (see tensor_to_numpy).  So the
 * extension imports, and everything but these functions works, without
 * NumPy installed; the checks below are false while nothing has imported
 * numpy (no NumPy object can exist then).
 *
 * Conventions: functions returning pointers give a new reference or NULL
 * with a Python exception set; int functions 0 / -1.
 *
 * PyTorch 1.13: torch/csrc/utils/tensor_numpy.h
 */
#ifndef MINATEN_CSRC_UTILS_TENSOR_NUMPY_H
#define MINATEN_CSRC_UTILS_TENSOR_NUMPY_H

#include "csrc/python_headers.h"

#include <stdbool.h>

#include "runtime/TensorImpl.h"

/* Whether NumPy can be used: imports it once (the first call), as 1.13's
 * does with _import_array.  The import error, if any, is cleared.
 * PyTorch 1.13: tensor_numpy.cpp is_numpy_available */
bool is_numpy_available(void);

/* Whether obj is a numpy.ndarray (or a subclass).  Never imports NumPy.
 * PyTorch 1.13: numpy's PyArray_Check */
bool is_numpy_array(PyObject* obj);
/* NumPy's integer scalars (np.int64(3), np.uint8(1)): ints wherever 1.13
 * takes an int (python_numbers.h THPUtils_checkLong counts them).
 * PyTorch 1.13: tensor_numpy.cpp is_numpy_int */
bool is_numpy_int(PyObject* obj);
/* np.bool_.  PyTorch 1.13: tensor_numpy.cpp is_numpy_bool */
bool is_numpy_bool(PyObject* obj);
/* NumPy's integer, bool, floating and complex scalars.
 * PyTorch 1.13: tensor_numpy.cpp is_numpy_scalar */
bool is_numpy_scalar(PyObject* obj);

/* The tensor dtype of a NumPy dtype number (NPY_TYPES) whose dtype object
 * is `descr` (for the message): 0, or -1 with 1.13's TypeError "can't
 * convert np.ndarray of type numpy.uint16. ...".
 * PyTorch 1.13: tensor_numpy.cpp numpy_dtype_to_aten */
int numpy_dtype_to_aten(int npy_type, PyObject* descr, ScalarType* out);
/* The tensor dtype of a NumPy array or scalar (obj.dtype), as
 * infer_scalar_type reads it.  0, or -1 with an exception. */
int numpy_scalar_type(PyObject* obj, ScalarType* out);

/* torch.from_numpy(array): a CPU tensor over the array's memory, which the
 * tensor's storage keeps alive (a reference to the array, dropped by the
 * storage's deleter).  1.13's errors in its order: not an ndarray, strides
 * not a multiple of the item size, negative strides, byte order, dtype.  A
 * read-only array warns once when warn_if_not_writeable.  The tensor is
 * lifted (the trace shows `op aten::lift_fresh`).
 * PyTorch 1.13: tensor_numpy.cpp tensor_from_numpy */
Tensor* tensor_from_numpy(PyObject* obj, bool warn_if_not_writeable);

/* t.numpy(force=force): an ndarray over the tensor's memory (its detached
 * alias keeps it alive; its storage is no longer resizable).
 * PyTorch 1.13: tensor_numpy.cpp tensor_to_numpy */
PyObject* tensor_to_numpy(const Tensor* t, bool force);

/* Adds Tensor.numpy to _TensorBase and readies the array-interface type. */
int THPUtils_initNumpy(PyObject* module);

#endif
