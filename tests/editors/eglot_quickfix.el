;;; eglot_quickfix.el --- Emacs + eglot in batch: diagnostic, quick-fix, cleared  -*- lexical-binding: t -*-
;; Loads the init snippet of docs/editors.md (SUBAGENT_LS_INIT) as Emacs loads an init file,
;; opens the agent file, lets the command loop's hook start eglot (as `eglot-ensure' waits
;; for), then applies the quick-fix. Driven by test_real_editors.py; writes what it saw to
;; SUBAGENT_LS_OUT as JSON.
(require 'package)
(package-initialize) ; what an interactive start does before the init file
(load (getenv "SUBAGENT_LS_INIT") nil t)
(require 'flymake)
(require 'json)

(defvar result nil)
(defun note (key value) (push (cons key value) result))
(defun wait-until (predicate seconds)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

(add-hook 'project-find-functions (lambda (_dir) (cons 'transient (getenv "SUBAGENT_LS_ROOT"))))

(condition-case err
    (progn
      (find-file (getenv "SUBAGENT_LS_FILE"))
      (note 'filetype (symbol-name major-mode))
      (run-hooks 'post-command-hook) ; the end of the command that opened the file
      (note 'attached (and (wait-until (lambda () (eglot-current-server)) 30) t))
      (flymake-start)
      (note 'arrived (and (wait-until (lambda () (flymake-diagnostics)) 30) t))
      (note 'diagnostics
            (vconcat (mapcar (lambda (d)
                               `((line . ,(1- (line-number-at-pos (flymake-diagnostic-beg d))))
                                 (message . ,(flymake-diagnostic-text d))))
                             (flymake-diagnostics))))
      (let* ((diagnostic (car (flymake-diagnostics)))
             (beg (flymake-diagnostic-beg diagnostic))
             (end (flymake-diagnostic-end diagnostic))
             (actions (eglot-code-actions beg end "quickfix")))
        (note 'actions (vconcat (mapcar (lambda (a) (plist-get a :title)) actions)))
        (eglot--apply-workspace-edit (plist-get (car actions) :edit))
        (goto-char beg)
        (note 'line_after (buffer-substring-no-properties (line-beginning-position) (line-end-position)))
        (eglot--signal-textDocument/didChange)
        (flymake-start)
        (note 'cleared (and (wait-until (lambda () (null (flymake-diagnostics))) 30) t)))
      (set-buffer-modified-p nil)
      (eglot-shutdown (eglot-current-server)))
  (error (note 'error (format "%S" err))))

(with-temp-file (getenv "SUBAGENT_LS_OUT")
  (insert (json-encode result)))
(kill-emacs 0)
