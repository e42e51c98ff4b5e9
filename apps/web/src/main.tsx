document.getElementById('root')!.textContent = 'Lyra';
