package magic

// The magics' tests run torch statements, as cmd/tensh links torch.
import _ "github.com/tensh/tensh/lib/torch"
