# xpush: skip-device=npu
# the tempfile module: TemporaryFile, NamedTemporaryFile, TemporaryDirectory, mkdtemp, with np.save/np.load
import os
import tempfile
import numpy as np

x = np.arange(10)
outfile = tempfile.TemporaryFile()
np.save(outfile, x)
_ = outfile.seek(0)
print(np.load(outfile))
outfile.close()

f = tempfile.TemporaryFile(mode='w+')
f.write('hello\n')
f.seek(0)
print(repr(f.read()))
f.close()

n = tempfile.NamedTemporaryFile(suffix='.npy', prefix='xp_')
name = n.name
print(os.path.basename(name).startswith('xp_'), name.endswith('.npy'), os.path.exists(name), os.path.dirname(name) == tempfile.gettempdir())
np.save(n, np.eye(2))
n.close()
print(os.path.exists(name))

k = tempfile.NamedTemporaryFile('w', delete=False, suffix='.txt')
k.write('1 2\n3 4\n')
k.close()
print(os.path.exists(k.name))
print(np.loadtxt(k.name))
os.remove(k.name)

with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, 'a.npz')
    np.savez(path, a=np.arange(3), b=np.ones(2))
    data = np.load(path)
    print(sorted(data.files), data['a'], os.path.isdir(d), len(os.path.basename(d)))
print(os.path.exists(d))

t = tempfile.TemporaryDirectory(prefix='pre', suffix='suf')
print(os.path.basename(t.name)[:3], os.path.basename(t.name)[-3:], os.path.isdir(t.name), repr(t).startswith('<TemporaryDirectory '))
t.cleanup()
t.cleanup()
print(os.path.exists(t.name))

m = tempfile.mkdtemp(dir=tempfile.gettempdir())
print(os.path.isdir(m), os.path.isabs(m))
os.rmdir(m)
print(tempfile.gettempprefix())
try:
    tempfile.mkdtemp(dir='/nonexistent/dir')
except FileNotFoundError as e:
    print(type(e).__name__, e.errno)
with tempfile.NamedTemporaryFile('w+') as g:
    g.write('x')
    gname = g.name
print(os.path.exists(gname))
