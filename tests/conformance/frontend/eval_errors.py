# errors while evaluating expressions: in call arguments, list and tuple displays, subscripts and slices, chained comparisons, starred arguments, and del of names
def f(a=0, b=0, c=0, d=0):
    return a + b + c + d
print(f(*[1, 2], *(3,), 4), f(*range(3)), f(*torch.Size([2, 2])), f(*torch.tensor([5, 6])))
print(*[1, 2], *(3,), 4, *'ab', *range(2), *torch.Size([7]))
f(*5)
f(*None)
f(*torch.tensor(1))
f(1, undefined_a)
f(undefined_b, 1)
print(1, 2, undefined_c)
[1, 2, undefined_d]
(1, 1 / 0)
[1 // 0, 2]
'abc'[undefined_e]
'abc'[1:undefined_f]
'abc'[undefined_g:]
'abc'[::undefined_h]
(1, 2, 3)[0, 1]
(1, 2, 3)[0:1, 1]
undefined_i[0]
1 < undefined_j
1 < 2 < undefined_k
1 < 'a' < 3
3 < 2 < undefined_l
print(1 < 2 < 3 < 4, 1 < 2 > 1 == 1, 2 == 2 != 3, 1 < 2 < 2)
print(0 and undefined_m, 1 or undefined_n, None if 1 else undefined_o, undefined_p if 0 else 5)
undefined_q and 1
not undefined_r
-undefined_s
undefined_t if 1 else 2
1 if undefined_u else 2
undefined_v + 1
1 + undefined_w
undefined_x.foo
undefined_y(1)
torch.ones(2)[undefined_z]
torch.undefined_op
print(f(*[]), f(), len(*['abc']))
x = 5
def g():
    global x
    del x
g()
print('x' in str(1))
x
g()
def h():
    y = 1
    del y
    return y
h()
def k():
    del z
k()
