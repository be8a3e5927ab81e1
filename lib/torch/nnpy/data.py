# torch.utils.data (PyTorch 1.13's dataset.py, sampler.py, dataloader.py
# and collate.py, single-process): the samplers draw from the generators
# as PyTorch's do, so shuffled batches are PyTorch's for a seed.
def _build(env):
    torch = env['torch']
    import math
    import warnings

    class Dataset:
        __module__ = 'torch.utils.data.dataset'

        def __getitem__(self, index):
            raise NotImplementedError

        def __add__(self, other):
            return ConcatDataset([self, other])

    class IterableDataset(Dataset):
        __module__ = 'torch.utils.data.dataset'

        def __iter__(self):
            raise NotImplementedError

    class TensorDataset(Dataset):
        __module__ = 'torch.utils.data.dataset'

        def __init__(self, *tensors):
            assert all(tensors[0].size(0) == tensor.size(0) for tensor in tensors), "Size mismatch between tensors"
            self.tensors = tensors

        def __getitem__(self, index):
            return tuple(tensor[index] for tensor in self.tensors)

        def __len__(self):
            return self.tensors[0].size(0)

    class ConcatDataset(Dataset):
        __module__ = 'torch.utils.data.dataset'

        def __init__(self, datasets):
            self.datasets = list(datasets)
            assert len(self.datasets) > 0, 'datasets should not be an empty iterable'
            self.cumulative_sizes = []
            s = 0
            for d in self.datasets:
                s += len(d)
                self.cumulative_sizes.append(s)

        def __len__(self):
            return self.cumulative_sizes[-1]

        def __getitem__(self, idx):
            if idx < 0:
                if -idx > len(self):
                    raise ValueError("absolute value of index should not exceed dataset length")
                idx = len(self) + idx
            dataset_idx = 0
            while self.cumulative_sizes[dataset_idx] <= idx:
                dataset_idx += 1
            sample_idx = idx if dataset_idx == 0 else idx - self.cumulative_sizes[dataset_idx - 1]
            return self.datasets[dataset_idx][sample_idx]

    class Subset(Dataset):
        __module__ = 'torch.utils.data.dataset'

        def __init__(self, dataset, indices):
            self.dataset = dataset
            self.indices = indices

        def __getitem__(self, idx):
            if isinstance(idx, list):
                return self.dataset[[self.indices[i] for i in idx]]
            return self.dataset[self.indices[idx]]

        def __len__(self):
            return len(self.indices)

    def random_split(dataset, lengths, generator=None):
        if generator is None:
            generator = torch.default_generator
        if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
            subset_lengths = []
            for i, frac in enumerate(lengths):
                if frac < 0 or frac > 1:
                    raise ValueError("Fraction at index {} is not between 0 and 1".format(i))
                subset_lengths.append(int(math.floor(len(dataset) * frac)))
            remainder = len(dataset) - sum(subset_lengths)
            for i in range(remainder):
                subset_lengths[i % len(subset_lengths)] += 1
            lengths = subset_lengths
            for i, length in enumerate(lengths):
                if length == 0:
                    warnings.warn("Length of split at index {} is 0. This might result in an empty dataset.".format(i))
        if sum(lengths) != len(dataset):
            raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
        indices = torch.randperm(sum(lengths), generator=generator).tolist()
        out = []
        offset = 0
        for length in lengths:
            offset += length
            out.append(Subset(dataset, indices[offset - length:offset]))
        return out

    class Sampler:
        __module__ = 'torch.utils.data.sampler'

        def __init__(self, data_source=None):
            pass

    class SequentialSampler(Sampler):
        __module__ = 'torch.utils.data.sampler'

        def __init__(self, data_source):
            self.data_source = data_source

        def __iter__(self):
            return iter(range(len(self.data_source)))

        def __len__(self):
            return len(self.data_source)

    class RandomSampler(Sampler):
        __module__ = 'torch.utils.data.sampler'

        def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
            self.data_source = data_source
            self.replacement = replacement
            self._num_samples = num_samples
            self.generator = generator
            if not isinstance(self.replacement, bool):
                raise TypeError("replacement should be a boolean value, but got replacement={}".format(self.replacement))
            if not isinstance(self.num_samples, int) or self.num_samples <= 0:
                raise ValueError("num_samples should be a positive integer value, but got num_samples={}".format(self.num_samples))

        @property
        def num_samples(self):
            if self._num_samples is None:
                return len(self.data_source)
            return self._num_samples

        def __iter__(self):
            n = len(self.data_source)
            if self.generator is None:
                seed = int(torch.empty((), dtype=torch.int64).random_().item())
                generator = torch.Generator()
                generator.manual_seed(seed)
            else:
                generator = self.generator
            out = []
            if self.replacement:
                for _ in range(self.num_samples // 32):
                    out.extend(torch.randint(high=n, size=(32,), dtype=torch.int64, generator=generator).tolist())
                out.extend(torch.randint(high=n, size=(self.num_samples % 32,), dtype=torch.int64, generator=generator).tolist())
            else:
                for _ in range(self.num_samples // n):
                    out.extend(torch.randperm(n, generator=generator).tolist())
                out.extend(torch.randperm(n, generator=generator).tolist()[:self.num_samples % n])
            return iter(out)

        def __len__(self):
            return self.num_samples

    class BatchSampler(Sampler):
        __module__ = 'torch.utils.data.sampler'

        def __init__(self, sampler, batch_size, drop_last):
            if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size <= 0:
                raise ValueError("batch_size should be a positive integer value, but got batch_size={}".format(batch_size))
            if not isinstance(drop_last, bool):
                raise ValueError("drop_last should be a boolean value, but got drop_last={}".format(drop_last))
            self.sampler = sampler
            self.batch_size = batch_size
            self.drop_last = drop_last

        def __iter__(self):
            batches = []
            batch = []
            for idx in self.sampler:
                batch.append(idx)
                if len(batch) == self.batch_size:
                    batches.append(batch)
                    batch = []
            if len(batch) > 0 and not self.drop_last:
                batches.append(batch)
            return iter(batches)

        def __len__(self):
            if self.drop_last:
                return len(self.sampler) // self.batch_size
            return (len(self.sampler) + self.batch_size - 1) // self.batch_size

    def default_convert(data):
        if isinstance(data, torch.Tensor):
            return data
        elif isinstance(data, dict):
            return {key: default_convert(data[key]) for key in data}
        elif isinstance(data, (tuple, list)):
            return [default_convert(d) for d in data]
        return data

    def default_collate(batch):
        elem = batch[0]
        elem_type = type(elem)
        if isinstance(elem, torch.Tensor):
            return torch.stack(batch, 0)
        elif isinstance(elem, bool):
            return torch.tensor(batch)
        elif isinstance(elem, float):
            return torch.tensor(batch, dtype=torch.float64)
        elif isinstance(elem, int):
            return torch.tensor(batch)
        elif isinstance(elem, str):
            return batch
        elif isinstance(elem, dict):
            return {key: default_collate([d[key] for d in batch]) for key in elem}
        elif isinstance(elem, (tuple, list)):
            elem_size = len(elem)
            if not all(len(e) == elem_size for e in batch):
                raise RuntimeError('each element in list of batch should be of equal size')
            transposed = list(zip(*batch))
            return [default_collate(samples) for samples in transposed]
        raise TypeError("default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {}".format(elem_type))

    class _SingleProcessDataLoaderIter:
        __module__ = 'torch.utils.data.dataloader'

        def __init__(self, loader):
            self._dataset = loader.dataset
            self._collate_fn = loader.collate_fn
            self._auto_collation = loader.batch_sampler is not None
            self._drop_last = loader.drop_last
            self._batch_size = loader.batch_size
            self._iterable = loader._dataset_kind == 1
            self._base_seed = torch.empty((), dtype=torch.int64).random_(generator=loader.generator).item()
            if self._iterable:
                self._it = iter(self._dataset)
                self._indices = None
            else:
                self._indices = iter(loader._index_sampler)
            self._num_yielded = 0

        def __iter__(self):
            return self

        def __next__(self):
            if self._iterable:
                if not self._auto_collation:
                    data = next(self._it)
                    self._num_yielded += 1
                    return self._collate_fn(data)
                data = []
                for x in self._it:
                    data.append(x)
                    if len(data) == self._batch_size:
                        break
                if len(data) == 0 or (self._drop_last and len(data) < self._batch_size):
                    raise StopIteration
                self._num_yielded += 1
                return self._collate_fn(data)
            index = next(self._indices)
            if self._auto_collation:
                data = [self._dataset[idx] for idx in index]
            else:
                data = self._dataset[index]
            self._num_yielded += 1
            return self._collate_fn(data)

        def __len__(self):
            return len(self._indices)

    class DataLoader:
        __module__ = 'torch.utils.data.dataloader'

        def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                     collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                     multiprocessing_context=None, generator=None, *, prefetch_factor=2, persistent_workers=False,
                     pin_memory_device=""):
            if num_workers < 0:
                raise ValueError('num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.')
            if num_workers > 0:
                raise NotImplementedError('tensh: DataLoader loads in this process only: num_workers must be 0, got {}'.format(num_workers))
            if timeout < 0:
                raise ValueError('timeout option should be non-negative')
            self.dataset = dataset
            self.num_workers = num_workers
            self.prefetch_factor = prefetch_factor
            self.pin_memory = pin_memory
            self.timeout = timeout
            self.worker_init_fn = worker_init_fn
            if isinstance(dataset, IterableDataset):
                self._dataset_kind = 1
                if shuffle not in {False, None}:
                    raise ValueError("DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle={}".format(shuffle))
                elif sampler is not None:
                    raise ValueError("DataLoader with IterableDataset: expected unspecified sampler option, but got sampler={}".format(sampler))
                elif batch_sampler is not None:
                    raise ValueError("DataLoader with IterableDataset: expected unspecified batch_sampler option, but got batch_sampler={}".format(batch_sampler))
            else:
                shuffle = bool(shuffle)
                self._dataset_kind = 0
            if sampler is not None and shuffle:
                raise ValueError('sampler option is mutually exclusive with shuffle')
            if batch_sampler is not None:
                if batch_size != 1 or shuffle or sampler is not None or drop_last:
                    raise ValueError('batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last')
                batch_size = None
                drop_last = False
            elif batch_size is None:
                if drop_last:
                    raise ValueError('batch_size=None option disables auto-batching and is mutually exclusive with drop_last')
            if sampler is None:
                if self._dataset_kind == 1:
                    sampler = None
                elif shuffle:
                    sampler = RandomSampler(dataset, generator=generator)
                else:
                    sampler = SequentialSampler(dataset)
            if batch_size is not None and batch_sampler is None and self._dataset_kind == 0:
                batch_sampler = BatchSampler(sampler, batch_size, drop_last)
            elif batch_size is not None and self._dataset_kind == 1:
                if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size <= 0:
                    raise ValueError("batch_size should be a positive integer value, but got batch_size={}".format(batch_size))
            self.batch_size = batch_size
            self.drop_last = drop_last
            self.sampler = sampler
            self.batch_sampler = batch_sampler
            self.generator = generator
            if collate_fn is None:
                collate_fn = default_collate if (batch_sampler is not None or (self._dataset_kind == 1 and batch_size is not None)) else default_convert
            self.collate_fn = collate_fn
            self.persistent_workers = persistent_workers

        @property
        def _auto_collation(self):
            return self.batch_sampler is not None

        @property
        def _index_sampler(self):
            if self._auto_collation:
                return self.batch_sampler
            return self.sampler

        def __iter__(self):
            it = _SingleProcessDataLoaderIter(self)
            if self._dataset_kind == 1 and self.batch_size is not None:
                it._auto_collation = True
            return it

        def __len__(self):
            if self._dataset_kind == 1:
                length = len(self.dataset)
                if self.batch_size is not None:
                    if self.drop_last:
                        length = length // self.batch_size
                    else:
                        length = math.ceil(length / self.batch_size)
                return length
            return len(self._index_sampler)

    def get_worker_info():
        return None

    out = {}
    for v in [Dataset, IterableDataset, TensorDataset, ConcatDataset, Subset, random_split, Sampler, SequentialSampler,
              RandomSampler, BatchSampler, default_collate, default_convert, DataLoader, get_worker_info]:
        out[v.__name__] = v
    return out
