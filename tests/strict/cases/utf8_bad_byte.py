# a byte that is not UTF-8 (0xc3 before ASCII): python3 refuses the whole file, line 1 never runs
print("never printed")
ÃA = 2
print(A)
