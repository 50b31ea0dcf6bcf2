# an augmented assignment's TypeError names the in-place operator
total = 0
for w in [1, 'a']:
    total += w
