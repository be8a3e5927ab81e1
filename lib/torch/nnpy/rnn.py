# torch.nn's recurrent layers (RNN, LSTM, GRU and their cells) and
# MultiheadAttention, as PyTorch 1.13 defines them: parameter names and
# initialisation order, and each cell's operations in ATen's order
# (RNN.cpp: hh gates plus ih gates, chunked).
def _build(env):
    torch = env['torch']
    F = env['F']
    Module = env['Module']
    Parameter = env['Parameter']
    Linear = env['Linear']
    init = env
    _C = env['_C']
    import math

    def _rnn_cell(x, h, w_ih, w_hh, b_ih, b_hh, nonlinearity):
        g = F.linear(h, w_hh, b_hh) + F.linear(x, w_ih, b_ih)
        return torch.tanh(g) if nonlinearity == 'tanh' else torch.relu(g)

    def _lstm_cell(x, hc, w_ih, w_hh, b_ih, b_hh):
        hx, cx = hc
        gates = F.linear(hx, w_hh, b_hh) + F.linear(x, w_ih, b_ih)
        i, f, g, o = gates.chunk(4, 1)
        i, f, g, o = i.sigmoid(), f.sigmoid(), g.tanh(), o.sigmoid()
        cy = (f * cx) + (i * g)
        hy = o * cy.tanh()
        return hy, cy

    def _gru_cell(x, h, w_ih, w_hh, b_ih, b_hh):
        ir, ii, inn = F.linear(x, w_ih, b_ih).chunk(3, 1)
        hr, hi, hn = F.linear(h, w_hh, b_hh).chunk(3, 1)
        r = (hr + ir).sigmoid()
        z = (hi + ii).sigmoid()
        n = (inn + hn * r).tanh()
        return (h - n) * z + n

    class RNNBase(Module):
        __module__ = 'torch.nn.modules.rnn'

        def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.,
                     bidirectional=False, proj_size=0, device=None, dtype=None):
            super().__init__()
            self.mode = mode
            self.input_size = input_size
            self.hidden_size = hidden_size
            self.num_layers = num_layers
            self.bias = bias
            self.batch_first = batch_first
            self.dropout = float(dropout)
            self.bidirectional = bidirectional
            self.proj_size = proj_size
            num_directions = 2 if bidirectional else 1
            if not isinstance(dropout, (int, float)) or isinstance(dropout, bool) or not 0 <= dropout <= 1:
                raise ValueError("dropout should be a number in range [0, 1] representing the probability of an element being zeroed")
            if dropout > 0 and num_layers == 1:
                _C.warn_at('/usr/lib/python3/dist-packages/torch/nn/modules/rnn.py:67',
                           'warnings.warn("dropout option adds dropout after all but last "', 'UserWarning',
                           "dropout option adds dropout after all but last recurrent layer, so non-zero dropout expects "
                           "num_layers greater than 1, but got dropout={} and num_layers={}".format(dropout, num_layers))
            if proj_size != 0:
                raise NotImplementedError("tensh: LSTM(proj_size=...) is not supported")
            gate_size = {'LSTM': 4, 'GRU': 3}.get(mode, 1) * hidden_size
            self._flat_weights_names = []
            for layer in range(num_layers):
                for direction in range(num_directions):
                    layer_input_size = input_size if layer == 0 else hidden_size * num_directions
                    suffix = '_reverse' if direction == 1 else ''
                    names = ['weight_ih_l{}{}', 'weight_hh_l{}{}']
                    params = [Parameter(torch.empty((gate_size, layer_input_size), device=device, dtype=dtype)),
                              Parameter(torch.empty((gate_size, hidden_size), device=device, dtype=dtype))]
                    if bias:
                        names += ['bias_ih_l{}{}', 'bias_hh_l{}{}']
                        params += [Parameter(torch.empty(gate_size, device=device, dtype=dtype)),
                                   Parameter(torch.empty(gate_size, device=device, dtype=dtype))]
                    for name, p in zip(names, params):
                        name = name.format(layer, suffix)
                        setattr(self, name, p)
                        self._flat_weights_names.append(name)
            self.reset_parameters()

        def reset_parameters(self):
            stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
            for weight in self.parameters():
                init['uniform_'](weight, -stdv, stdv)

        @property
        def all_weights(self):
            return [[getattr(self, n) for n in self._flat_weights_names[i:i + (4 if self.bias else 2)]]
                    for i in range(0, len(self._flat_weights_names), 4 if self.bias else 2)]

        def extra_repr(self):
            s = '{}, {}'.format(self.input_size, self.hidden_size)
            if self.proj_size != 0:
                s += ', proj_size={}'.format(self.proj_size)
            if self.num_layers != 1:
                s += ', num_layers={}'.format(self.num_layers)
            if self.bias is not True:
                s += ', bias={}'.format(self.bias)
            if self.batch_first is not False:
                s += ', batch_first={}'.format(self.batch_first)
            if self.dropout != 0:
                s += ', dropout={}'.format(self.dropout)
            if self.bidirectional is not False:
                s += ', bidirectional={}'.format(self.bidirectional)
            return s

        def _cell(self, x, h, layer, suffix):
            w = [getattr(self, n.format(layer, suffix)) for n in ('weight_ih_l{}{}', 'weight_hh_l{}{}')]
            b = [getattr(self, n.format(layer, suffix)) for n in ('bias_ih_l{}{}', 'bias_hh_l{}{}')] if self.bias else [None, None]
            if self.mode == 'LSTM':
                return _lstm_cell(x, h, w[0], w[1], b[0], b[1])
            if self.mode == 'GRU':
                return _gru_cell(x, h, w[0], w[1], b[0], b[1])
            return _rnn_cell(x, h, w[0], w[1], b[0], b[1], 'tanh' if self.mode == 'RNN_TANH' else 'relu')

        def forward(self, input, hx=None):
            lstm = self.mode == 'LSTM'
            batched = input.dim() == 3
            if input.dim() not in (2, 3):
                raise ValueError("{}: Expected input to be 2-D or 3-D but received {}-D tensor".format(type(self).__name__, input.dim()))
            if not batched:
                input = input.unsqueeze(1)
                if hx is not None:
                    hx = tuple(h.unsqueeze(1) for h in hx) if lstm else hx.unsqueeze(1)
            elif self.batch_first:
                input = input.transpose(0, 1)
            if input.size(-1) != self.input_size:
                raise RuntimeError('input.size(-1) must be equal to input_size. Expected {}, got {}'.format(self.input_size, input.size(-1)))
            nd = 2 if self.bidirectional else 1
            seq, batch = input.size(0), input.size(1)
            if hx is None:
                z = torch.zeros(self.num_layers * nd, batch, self.hidden_size, dtype=input.dtype)
                hx = (z, z) if lstm else z
            h_n, c_n = [], []
            layer_in = input
            for layer in range(self.num_layers):
                outs = []
                for d in range(nd):
                    k = layer * nd + d
                    h = (hx[0][k], hx[1][k]) if lstm else hx[k]
                    steps = range(seq - 1, -1, -1) if d == 1 else range(seq)
                    ys = [None] * seq
                    for t in steps:
                        h = self._cell(layer_in[t], h, layer, '_reverse' if d == 1 else '')
                        ys[t] = h[0] if lstm else h
                    outs.append(torch.stack(ys, 0))
                    if lstm:
                        h_n.append(h[0])
                        c_n.append(h[1])
                    else:
                        h_n.append(h)
                layer_out = outs[0] if nd == 1 else torch.cat(outs, 2)
                if self.dropout and self.training and layer < self.num_layers - 1:
                    layer_out = F.dropout(layer_out, self.dropout, True)
                layer_in = layer_out
            output = layer_in
            hidden = (torch.stack(h_n, 0), torch.stack(c_n, 0)) if lstm else torch.stack(h_n, 0)
            if not batched:
                output = output.squeeze(1)
                hidden = tuple(h.squeeze(1) for h in hidden) if lstm else hidden.squeeze(1)
            elif self.batch_first:
                output = output.transpose(0, 1)
            return output, hidden

    class RNN(RNNBase):
        def __init__(self, *args, **kwargs):
            nonlinearity = kwargs.pop('nonlinearity', 'tanh')
            if len(args) > 3:
                nonlinearity = args[3]
                args = args[:3] + args[4:]
            if nonlinearity not in ('tanh', 'relu'):
                raise ValueError("Unknown nonlinearity '{}'".format(nonlinearity))
            self.nonlinearity = nonlinearity
            super().__init__('RNN_TANH' if nonlinearity == 'tanh' else 'RNN_RELU', *args, **kwargs)

    class LSTM(RNNBase):
        def __init__(self, *args, **kwargs):
            super().__init__('LSTM', *args, **kwargs)

    class GRU(RNNBase):
        def __init__(self, *args, **kwargs):
            super().__init__('GRU', *args, **kwargs)

    class RNNCellBase(Module):
        __module__ = 'torch.nn.modules.rnn'

        def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
            super().__init__()
            self.input_size = input_size
            self.hidden_size = hidden_size
            self.bias = bias
            self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size), device=device, dtype=dtype))
            self.weight_hh = Parameter(torch.empty((num_chunks * hidden_size, hidden_size), device=device, dtype=dtype))
            if bias:
                self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
                self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
            else:
                self.register_parameter('bias_ih', None)
                self.register_parameter('bias_hh', None)
            self.reset_parameters()

        def extra_repr(self):
            s = '{}, {}'.format(self.input_size, self.hidden_size)
            if self.bias is not True:
                s += ', bias={}'.format(self.bias)
            if getattr(self, 'nonlinearity', 'tanh') != "tanh":
                s += ', nonlinearity={}'.format(self.nonlinearity)
            return s

        def reset_parameters(self):
            stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
            for weight in self.parameters():
                init['uniform_'](weight, -stdv, stdv)

    class RNNCell(RNNCellBase):
        def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
            super().__init__(input_size, hidden_size, bias, 1, device, dtype)
            self.nonlinearity = nonlinearity

        def forward(self, input, hx=None):
            batched = input.dim() == 2
            x = input if batched else input.unsqueeze(0)
            h = torch.zeros(x.size(0), self.hidden_size, dtype=x.dtype) if hx is None else (hx if batched else hx.unsqueeze(0))
            out = _rnn_cell(x, h, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh, self.nonlinearity)
            return out if batched else out.squeeze(0)

    class LSTMCell(RNNCellBase):
        def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
            super().__init__(input_size, hidden_size, bias, 4, device, dtype)

        def forward(self, input, hx=None):
            batched = input.dim() == 2
            x = input if batched else input.unsqueeze(0)
            if hx is None:
                z = torch.zeros(x.size(0), self.hidden_size, dtype=x.dtype)
                hx = (z, z)
            elif not batched:
                hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
            h, c = _lstm_cell(x, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
            return (h, c) if batched else (h.squeeze(0), c.squeeze(0))

    class GRUCell(RNNCellBase):
        def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
            super().__init__(input_size, hidden_size, bias, 3, device, dtype)

        def forward(self, input, hx=None):
            batched = input.dim() == 2
            x = input if batched else input.unsqueeze(0)
            h = torch.zeros(x.size(0), self.hidden_size, dtype=x.dtype) if hx is None else (hx if batched else hx.unsqueeze(0))
            out = _gru_cell(x, h, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
            return out if batched else out.squeeze(0)

    class NonDynamicallyQuantizableLinear(Linear):
        pass

    class MultiheadAttention(Module):
        __module__ = 'torch.nn.modules.activation'

        def __init__(self, embed_dim, num_heads, dropout=0., bias=True, add_bias_kv=False, add_zero_attn=False,
                     kdim=None, vdim=None, batch_first=False, device=None, dtype=None):
            super().__init__()
            if add_bias_kv or add_zero_attn or (kdim is not None and kdim != embed_dim) or (vdim is not None and vdim != embed_dim):
                raise NotImplementedError("tensh: MultiheadAttention with add_bias_kv, add_zero_attn or other kdim/vdim is not supported")
            self.embed_dim = embed_dim
            self.kdim = embed_dim
            self.vdim = embed_dim
            self._qkv_same_embed_dim = True
            self.num_heads = num_heads
            self.dropout = dropout
            self.batch_first = batch_first
            self.head_dim = embed_dim // num_heads
            assert self.head_dim * num_heads == self.embed_dim, "embed_dim must be divisible by num_heads"
            self.in_proj_weight = Parameter(torch.empty((3 * embed_dim, embed_dim), device=device, dtype=dtype))
            self.register_parameter('q_proj_weight', None)
            self.register_parameter('k_proj_weight', None)
            self.register_parameter('v_proj_weight', None)
            if bias:
                self.in_proj_bias = Parameter(torch.empty(3 * embed_dim, device=device, dtype=dtype))
            else:
                self.register_parameter('in_proj_bias', None)
            self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias, device=device, dtype=dtype)
            self.bias_k = self.bias_v = None
            self.add_zero_attn = add_zero_attn
            init['xavier_uniform_'](self.in_proj_weight)
            if self.in_proj_bias is not None:
                init['constant_'](self.in_proj_bias, 0.)
                init['constant_'](self.out_proj.bias, 0.)

        def forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                    average_attn_weights=True):
            batched = query.dim() == 3
            if self.batch_first and batched:
                query, key, value = [x.transpose(1, 0) for x in (query, key, value)]
            if not batched:
                query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
            tgt_len, bsz, E = query.shape
            src_len = key.shape[0]
            h, hd = self.num_heads, self.head_dim
            if query is key and key is value:
                q, k, v = F.linear(query, self.in_proj_weight, self.in_proj_bias).chunk(3, dim=-1)
            else:
                w_q, w_k, w_v = self.in_proj_weight.chunk(3)
                b_q, b_k, b_v = self.in_proj_bias.chunk(3) if self.in_proj_bias is not None else (None, None, None)
                q, k, v = F.linear(query, w_q, b_q), F.linear(key, w_k, b_k), F.linear(value, w_v, b_v)
            q = q.contiguous().view(tgt_len, bsz * h, hd).transpose(0, 1)
            k = k.contiguous().view(src_len, bsz * h, hd).transpose(0, 1)
            v = v.contiguous().view(src_len, bsz * h, hd).transpose(0, 1)
            q = q / math.sqrt(hd)
            attn = torch.bmm(q, k.transpose(-2, -1))
            if attn_mask is not None:
                if attn_mask.dtype == torch.bool:
                    attn = attn.masked_fill(attn_mask, float('-inf'))
                else:
                    attn = attn + attn_mask
            if key_padding_mask is not None:
                m = key_padding_mask.view(bsz, 1, 1, src_len).expand(-1, h, -1, -1).reshape(bsz * h, 1, src_len)
                attn = attn.masked_fill(m, float('-inf'))
            attn = F.softmax(attn, dim=-1)
            if self.dropout > 0.0 and self.training:
                attn = F.dropout(attn, p=self.dropout)
            out = torch.bmm(attn, v)
            out = out.transpose(0, 1).contiguous().view(tgt_len * bsz, E)
            out = F.linear(out, self.out_proj.weight, self.out_proj.bias)
            out = out.view(tgt_len, bsz, out.size(1))
            weights = None
            if need_weights:
                weights = attn.view(bsz, h, tgt_len, src_len)
                if average_attn_weights:
                    weights = weights.sum(dim=1) / h
                if not batched:
                    weights = weights.squeeze(0)
            if not batched:
                out = out.squeeze(1)
            elif self.batch_first:
                out = out.transpose(1, 0)
            return out, weights

    out = {}
    for c in [RNN, LSTM, GRU, RNNCell, LSTMCell, GRUCell, RNNBase, NonDynamicallyQuantizableLinear]:
        c.__module__ = 'torch.nn.modules.rnn'
        out[c.__name__] = c
    NonDynamicallyQuantizableLinear.__module__ = 'torch.nn.modules.linear'
    out['MultiheadAttention'] = MultiheadAttention
    return out
