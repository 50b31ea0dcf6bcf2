# number and string literals as Python's tokenizer reads them: bases, underscores, exponents, escapes, raw strings, and the SyntaxErrors of bad ones
print(0x1F, 0XFF, 0o17, 0O7, 0b101, 0B1, 0x_ff, 0b_1_0, 0o_7_7, 1_000_000, 0, 00, 0_0)
print(1e3, 1E-2, 2.5e+2, 1_0.5, 1.5_5, .5, 5., 1e0, 0.0, 0e0, 1_0e1_0, 0x10 + 0b10 + 0o10)
print(0xFFFFFFFF, 0o777777, 0b1111111111111111, 1e-320, 1.7976931348623157e308)
print('a\tb', 'a\\b', 'it\'s', "say \"hi\"", 'a\nb', '\x41\x62', len('\a\b\f\v\r'))
print(r'a\tb', R'\n', r"\x41", len(r'\\'), 'a' 'b' "c", 'unknown \q escape', len('\q'))
print('x\
y', 'line'
      'joined')
x = 1 + \
      2
print("""triple""", '''also''', len("""a
b"""))
0x
0b2
0o8
0b12
0o19
0b1_2
0x1g
1_2a
0o_8
0b1__1
0xg
0b_
1__0
1_
0x1_
012
09
1e
1.e
1e+
1_e5
'unterminated
"also unterminated
print(1))
print((1)
print(1]
[1, 2)
{1: 2]
x = $
x = a ? b : c
x = 1 !
x = `a`
1 + \ 2
print('end')
