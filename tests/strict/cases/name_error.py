# NameError at the top level: no markers when the name is the whole line
a = 1
undefined_name
