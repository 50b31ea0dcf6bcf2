# result_type across categories with complex operands (TypeProperties.cpp
# combine_categories): a floating tensor of higher dimension keeps its
# precision in toComplexType (float32 and bfloat16 -> complex64, float64 ->
# complex128); integers and bools take the complex operand's dtype.
import torch

scalars = [1j, torch.tensor(1j), torch.tensor(1j, dtype=torch.complex128), torch.tensor([1j]),
           torch.tensor([1j], dtype=torch.complex128)]
for dt in (torch.bool, torch.uint8, torch.int64, torch.bfloat16, torch.float32, torch.float64):
    t = torch.ones(2, dtype=dt)
    print(dt, [torch.result_type(t, s) for s in scalars], [torch.result_type(t[0], s) for s in scalars])
    print((t + 1j).dtype, (t * torch.tensor(2j, dtype=torch.complex128)).dtype, (1j * t).dtype)
b = torch.tensor([1.5, -2.25], dtype=torch.bfloat16)
print(b + torch.tensor(1j, dtype=torch.complex128), b * (1 + 1j), torch.tensor(2 - 1j, dtype=torch.complex128) / b)
print(torch.where(b > 0, b, torch.tensor(1j, dtype=torch.complex128)))
print(torch.cat([b, torch.tensor([1j], dtype=torch.complex128)]))
print(torch.promote_types(torch.bfloat16, torch.complex64), torch.promote_types(torch.bfloat16, torch.complex128))
print(torch.can_cast(torch.bfloat16, torch.complex64), torch.can_cast(torch.complex64, torch.bfloat16))
