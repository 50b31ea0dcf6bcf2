# unary -, +, ~ and not on Python values and tensors, and the truth of each kind of value
print(not 0, not 1, not 0.0, not 2.5, not '', not 'a', not [], not [0], not (), not (0,), not None)
print(not range(0), not range(2), not torch.Size([]), not torch.Size([0]), not torch.float32, not torch.device('cpu'))
print(not torch.tensor(0), not torch.tensor([2.5]), not torch.tensor(True), not torch.tensor([0]))
not torch.tensor([1, 2])
not torch.zeros(0)
not torch.zeros(2, 0)
-'a'
+'a'
~'a'
~1.5
-None
+[1]
~(1,)
-torch.float32
print(-torch.tensor([1, -2]), +torch.tensor([1.5]), +torch.tensor([2, 3]))
+torch.tensor([True])
print(bool(0), bool(3), bool(''), bool('x'), bool([]), bool(torch.tensor(2)), bool(None), bool(0.0))
x = 3 if [] else 4
print(x, 1 if 'a' else 2, 0 or 'b', 5 and 6, [] and 1, '' or [] or 0, None or None)
print(torch.tensor(0) or 7, torch.tensor(2) and 8)
torch.tensor([1, 2]) or 1
if torch.ones(3):
    print('no')
