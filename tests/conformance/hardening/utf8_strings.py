# strings count code points: len, indexing, slicing and iteration of non-ASCII text; \x, \u, \U and octal escapes are code points
s = "héllo"
print(len(s), s[1], s[-1], s[1:3], s[::-1], s[::2], s[-4:-1])
j = "日本語のテキスト"
print(len(j), j[1], j[-1], j[2:5], j[::3], j[100:], j[-100:2])
e = "a😀b€c"
print(len(e), e[1], e[2], e[3], e[1:4], e[::-1])
for c in "é…日😀":
    print(c, len(c))
print(len("\xe9"), "\101\102\12" == "AB\n", "\351\400" == "\xe9\u0100", "\xe9" == "é", "\u00e9" == "é", "\U0001F600" == "😀", len("\u65e5\u672c"), "\x41\u0042\U00000043")
print(list("añb"), tuple("ü€"), "é" in "héllo", "hé" + "llo", "é" * 3, len("é" * 3))
print(repr("é"), str("日本"), "é" < "f", "é" > "z", max("aéz"), min("日本"))
x = "ñ"
print(x[0], x[-1], x[:], x[5:])
print(j[8])
print(e[-6])
print(s[1.5])
