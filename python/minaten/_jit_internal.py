"""torch._jit_internal: boolean_dispatch, the one piece of it eager Python uses.

boolean_dispatch(arg_name, arg_index, default, if_true, if_false,
module_name, func_name) makes the function behind torch.unique,
torch.unique_consecutive and F.max_pool2d: it calls if_true or if_false on
a boolean flag, given by keyword, else by position (arg_index), else
`default`.  The two branches share one docstring (the one that has it
lends it to the other), and the result takes module_name and func_name as
its __module__ and __name__.

NB(minaten): there is no torch.jit, so the TorchScript half (registering
the pair for the compiler) is left out.

PyTorch 1.13: torch/_jit_internal.py boolean_dispatch
"""


def boolean_dispatch(arg_name, arg_index, default, if_true, if_false, module_name, func_name):
    """Dispatches to if_true or if_false on a boolean argument."""
    def fn(*args, **kwargs):
        dispatch_flag = default
        if arg_name in kwargs:
            dispatch_flag = kwargs[arg_name]
        elif arg_index < len(args):
            dispatch_flag = args[arg_index]
        if dispatch_flag:
            return if_true(*args, **kwargs)
        return if_false(*args, **kwargs)
    if if_true.__doc__ is None and if_false.__doc__ is not None:
        doc = if_false.__doc__
        if_true.__doc__ = doc
    elif if_false.__doc__ is None and if_true.__doc__ is not None:
        doc = if_true.__doc__
        if_false.__doc__ = doc
    else:
        doc = if_false.__doc__
    fn.__doc__ = doc
    if module_name is not None:
        fn.__module__ = module_name
    if func_name is not None:
        fn.__name__ = func_name
    return fn
