# names in functions: assigned anywhere in the body is local, else global then builtin; UnboundLocalError; global
x = 10
def read_global():
    return x + 1
print(read_global())
x = 20
print(read_global())
def shadow():
    x = 1
    return x
print(shadow(), x)
def read_then_assign():
    print(x)
    x = 5
read_then_assign()
def assign_in_branch(flag):
    if flag:
        y = 1
    return y
print(assign_in_branch(True))
assign_in_branch(False)
def augmented():
    x += 1
augmented()
def loop_var():
    for x in range(2):
        pass
    return x
print(loop_var(), x)
def deleted():
    z = 1
    del z
    return z
deleted()
def del_unbound():
    del w
del_unbound()
def set_global():
    global x, fresh
    x = 99
    fresh = 'new'
set_global()
print(x, fresh)
def uses_builtin():
    return len([1, 2])
print(uses_builtin())
def shadows_builtin():
    len = 3
    return len
print(shadows_builtin(), len('ab'))
def undefined():
    return not_defined_anywhere
undefined()
def params_are_local(a):
    a = a * 2
    return a
v = 3
print(params_are_local(v), v)
def comp_scope():
    k = 'outer'
    r = [k for k in range(3)]
    return r, k
print(comp_scope())
print([c for c in 'ab'])
c
def uses_comp_var():
    n = 2
    return [i * n for i in range(3)]
print(uses_comp_var())
def f():
    print(x)
    global x
def g(a):
    global a
