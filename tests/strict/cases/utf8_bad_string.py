# a truncated UTF-8 sequence inside a string literal on line 4
x = 1
print(x)
s = "æ—"
print(len(s))
