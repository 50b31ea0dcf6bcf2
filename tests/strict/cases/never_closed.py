# a bracket left open inside a block
if True:
    x = (1,
