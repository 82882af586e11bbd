;;; eglot_quickfix.el --- Emacs 28 + eglot in batch: diagnostic, quick-fix, cleared  -*- lexical-binding: t -*-
;; Driven by test_real_editors.py through environment variables; writes what it saw to
;; SUBAGENT_LS_OUT as JSON.
(require 'package)
(package-initialize)
(require 'eglot)
(require 'flymake)
(require 'json)

(defvar result nil)
(defun note (key value) (push (cons key value) result))
(defun wait-until (predicate seconds)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

(define-derived-mode subagent-md-mode text-mode "Subagent")
(add-to-list 'eglot-server-programs
             `(subagent-md-mode . ,(append (json-read-from-string (getenv "SUBAGENT_LS_CMD")) nil)))
(add-hook 'project-find-functions (lambda (_dir) (cons 'transient (getenv "SUBAGENT_LS_ROOT"))))

(condition-case err
    (progn
      (find-file (getenv "SUBAGENT_LS_FILE"))
      (subagent-md-mode)
      (apply #'eglot (eglot--guess-contact))
      (flymake-start)
      (note 'arrived (and (wait-until (lambda () (flymake-diagnostics)) 15) t))
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
        (note 'cleared (and (wait-until (lambda () (null (flymake-diagnostics))) 15) t)))
      (set-buffer-modified-p nil)
      (eglot-shutdown (eglot-current-server)))
  (error (note 'error (format "%S" err))))

(with-temp-file (getenv "SUBAGENT_LS_OUT")
  (insert (json-encode result)))
(kill-emacs 0)
