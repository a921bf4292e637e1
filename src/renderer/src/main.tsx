import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { Providers } from './app/providers'
import './styles/theme.css'
import './styles/base.css'
import './styles/controls.css'
import './styles/layout.css'

const container = document.getElementById('root')
if (container === null) throw new Error('index.html has no #root element.')

createRoot(container).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
)
