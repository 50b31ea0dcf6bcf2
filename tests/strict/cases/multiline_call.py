# a call over several lines inside a block: the line of the failing name
for i in range(1):
    y = max(1,
            undefined_thing)
