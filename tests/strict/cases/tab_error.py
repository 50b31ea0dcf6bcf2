# tabs and spaces mixed in one block: TabError
if True:
	x = 1
        y = 2
