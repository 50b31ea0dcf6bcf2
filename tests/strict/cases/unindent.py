# a dedent to no outer level: IndentationError
print(1)
for i in range(3):
    print(i)
   print(2)
