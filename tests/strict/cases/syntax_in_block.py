# invalid syntax inside a block: the line and a caret
print(1)
for i in range(3):
    x = 1 +
