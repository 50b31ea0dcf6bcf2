# an IndexError in a loop's body: the line inside the block, markers under the subscript
import torch
x = [1, 2]
for i in range(3):
    print(i)
    if i == 2:
        y = x[0] + x[i + 5]
print('not reached')
