nums = [3, 1, 2]
nums.sort()
print(nums)
nums.push(4)
