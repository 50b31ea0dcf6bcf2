# an indent deeper than the block's: IndentationError, no caret
for i in range(2):
    print(i)
        print(i)
